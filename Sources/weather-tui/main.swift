// Wiring comes with issue 6.
print("weather-tui")
