// Tests for AccuWeather are added with its issue.
