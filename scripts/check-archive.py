#!/usr/bin/env python3
"""Independent check of a weather-tui archive with Python's plistlib (no Swift involved).

  scripts/check-archive.py FILE              verify FILE and print "ok: <n> cities, schema <v>"
  scripts/check-archive.py --write-legacy FILE
      write an archive the way the original iOS app did (root Data holding a binary plist of
      {fetchedAt: medium date/time string, topCityWeathers: [basic city fields]}), for a Swift test to read.
Exit status 1 with a message when the structure is not what docs/spec.md §3 says.
"""
import plistlib, sys


def fail(message):
    print(f"bad: {message}")
    sys.exit(1)


def check(path):
    with open(path, "rb") as f:
        top = plistlib.load(f)
    if top.get("$archiver") != "NSKeyedArchiver":
        fail("$archiver is not NSKeyedArchiver")
    objects = top.get("$objects")
    root = top.get("$top", {}).get("root")
    if not isinstance(root, plistlib.UID) or not isinstance(objects, list) or root.data >= len(objects):
        fail("no root object")
    payload = objects[root.data]
    if not isinstance(payload, bytes):
        fail(f"root object is {type(payload).__name__}, expected data")
    if not payload.startswith(b"bplist00"):
        fail("root data is not a binary property list")
    feed = plistlib.loads(payload)
    cities = feed.get("cities")
    if not isinstance(cities, list):
        fail("payload has no cities array")
    for i, city in enumerate(cities):
        if not isinstance(city.get("Key"), str) or "Temperature" not in city:
            fail(f"city {i} lacks Key or Temperature")
    print(f"ok: {len(cities)} cities, schema {feed.get('schemaVersion')}")


def write_legacy(path):
    cities = [
        {"Key": "226396", "LocalizedName": "東京", "EnglishName": "Tokyo", "WeatherText": "Sunny", "WeatherIcon": 1,
         "IsDayTime": True, "Country": {"ID": "JP", "LocalizedName": "日本", "EnglishName": "Japan"},
         "Temperature": {"Metric": {"Value": 17.8, "Unit": "C", "UnitType": 17},
                         "Imperial": {"Value": 64.0, "Unit": "F", "UnitType": 18}}},
        {"Key": "294021", "LocalizedName": "Москва", "EnglishName": "Moscow", "WeatherText": "Snow", "WeatherIcon": 22,
         "IsDayTime": False, "Country": {"ID": "RU", "LocalizedName": "Россия", "EnglishName": "Russia"},
         "Temperature": {"Metric": {"Value": -3.5, "Unit": "C", "UnitType": 17},
                         "Imperial": {"Value": 26.0, "Unit": "F", "UnitType": 18}}},
    ]
    payload = plistlib.dumps({"fetchedAt": "Dec 6, 2017 at 11:35:00 PM", "topCityWeathers": cities}, fmt=plistlib.FMT_BINARY)
    archive = {"$version": 100000, "$archiver": "NSKeyedArchiver", "$top": {"root": plistlib.UID(1)},
               "$objects": ["$null", payload]}
    with open(path, "wb") as f:
        plistlib.dump(archive, f, fmt=plistlib.FMT_BINARY)


if len(sys.argv) == 3 and sys.argv[1] == "--write-legacy":
    write_legacy(sys.argv[2])
elif len(sys.argv) == 2:
    check(sys.argv[1])
else:
    print(__doc__)
    sys.exit(2)
