// Tests for WeatherTUI are added with its issue.
