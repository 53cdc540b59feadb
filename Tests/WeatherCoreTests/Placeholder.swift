// Tests for WeatherCore are added with its issue.
