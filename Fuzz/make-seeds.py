#!/usr/bin/env python3
"""Seed corpora for scripts/fuzz, one folder per target under the given folder, made from the
files the program writes (Tests/Fixtures/previous-release) and the iOS layout
(scripts/check-archive.py --write-legacy), cut small so the fuzzer mutates structure, not bulk."""
import os, plistlib, subprocess, sys, tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
fixtures = os.path.join(root, "Tests", "Fixtures", "previous-release")
out = sys.argv[1]


def archive(payload):
    """The store's keyed archive of a root `Data`, as NSKeyedArchiver lays it out."""
    return plistlib.dumps({"$archiver": "NSKeyedArchiver", "$version": 100000,
                           "$top": {"root": plistlib.UID(1)}, "$objects": ["$null", payload]},
                          fmt=plistlib.FMT_BINARY)


def payload_of(path):
    with open(path, "rb") as f:
        top = plistlib.load(f)
    return top["$objects"][top["$top"]["root"].data]


def put(target, name, data):
    os.makedirs(os.path.join(out, target), exist_ok=True)
    with open(os.path.join(out, target, name), "wb") as f:
        f.write(data)


feed = plistlib.loads(payload_of(os.path.join(fixtures, "WeatherFeed.plist")))
small = dict(feed, cities=feed["cities"][:2])
small_payload = plistlib.dumps(small, fmt=plistlib.FMT_BINARY)
with tempfile.TemporaryDirectory() as tmp:
    legacy_path = os.path.join(tmp, "legacy.plist")
    subprocess.run([sys.executable, os.path.join(root, "scripts", "check-archive.py"), "--write-legacy", legacy_path], check=True)
    legacy_payload = payload_of(legacy_path)
    legacy = plistlib.loads(legacy_payload)
    legacy_small = plistlib.dumps(dict(legacy, topCityWeathers=legacy["topCityWeathers"][:2]), fmt=plistlib.FMT_BINARY)

for target in ("feed", "summary"):
    put(target, "small-feed.plist", archive(small_payload))
    put(target, "legacy.plist", archive(legacy_small))
    put(target, "empty-cities.plist", archive(plistlib.dumps(dict(feed, cities=[]), fmt=plistlib.FMT_BINARY)))
put("legacy", "small-feed-payload.plist", small_payload)
put("legacy", "legacy-payload.plist", legacy_small)
put("legacy", "feed-payload.xml", plistlib.dumps(dict(feed, cities=feed["cities"][:1]), fmt=plistlib.FMT_XML))
with open(os.path.join(fixtures, "Pinned.plist"), "rb") as f:
    put("pins", "Pinned.plist", f.read())
with open(os.path.join(fixtures, "settings.plist"), "rb") as f:
    settings = f.read()
put("settings", "settings.plist", settings)
put("settings", "settings-binary.plist", plistlib.dumps(plistlib.loads(settings), fmt=plistlib.FMT_BINARY))
put("cache", "forecasts.plist", archive(plistlib.dumps({"schemaVersion": 1, "byCityKey": {}}, fmt=plistlib.FMT_BINARY)))
put("cache", "small-feed.plist", archive(small_payload))
places = {"schemaVersion": 1, "byName": {
    "open-meteo|paris, us": {"id": "om:4717560", "name": "Paris", "region": "Texas", "country": "United States",
                             "countryCode": "US", "latitude": 33.66, "longitude": -95.56, "timeZone": "America/Chicago"},
    "accuweather|oslo": {"id": "254946", "name": "Oslo", "latitude": 59.91, "longitude": 10.75},
}}
put("places", "places.plist", archive(plistlib.dumps(places, fmt=plistlib.FMT_BINARY)))
put("places", "places-empty.plist", archive(plistlib.dumps({"schemaVersion": 1, "byName": {}}, fmt=plistlib.FMT_BINARY)))

# The app's files on disk in every shape (Tests/ArchiveTestSupport/FileShape.swift): a first byte
# for the shape (file, named pipe, link to /dev/zero, folder, too long, lock held), a second for the
# file (settings, ledger, pins, feed, forecasts), then its contents, each file's own.
with open(os.path.join(fixtures, "Pinned.plist"), "rb") as f:
    pinned = f.read()
contents = [settings, b"# calls\nday 2026-11-27\nopen-meteo 153.5\n", pinned, archive(small_payload),
            archive(plistlib.dumps({"schemaVersion": 1, "byCityKey": {}}, fmt=plistlib.FMT_BINARY))]
for shape in range(6):
    for file, data in enumerate(contents):
        put("files", "shape%d-file%d" % (shape, file), bytes([shape, file]) + data)

# The answers' decoders (Fuzz/FuzzAnswers.swift): the captured and documented payloads of
# Tests/Fixtures, lists cut to two items, compact, so the fuzzer mutates structure, not bulk.
import json

answers = os.path.join(root, "Tests", "Fixtures")


def answer(target, name, path, cut=None):
    with open(os.path.join(answers, path), "rb") as f:
        value = json.load(f)
    if cut:
        value = cut(value)
    put(target, name, json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode())


def first_two(value):
    return value[:2] if isinstance(value, list) else value


def two_days(value):
    return dict(value, DailyForecasts=value["DailyForecasts"][:2])


def current(value):
    # The current-conditions answer is the Top Cities item without the location fields.
    item = value[0] if isinstance(value, list) else value
    return [{k: v for k, v in item.items() if k not in ("Key", "LocalizedName", "EnglishName", "Country", "TimeZone", "GeoPosition")}]


answer("aw-topcities", "topcities-2.json", "accuweather/topcities-50-en-2017.json", first_two)
answer("aw-topcities", "details.json", "accuweather/currentconditions-details.json",
       lambda v: v if isinstance(v, list) else [v])
answer("aw-current", "current.json", "accuweather/currentconditions-details.json", current)
answer("aw-daily", "daily-2.json", "accuweather/forecast-daily-5day.json", two_days)
answer("aw-hourly", "hourly-2.json", "accuweather/forecast-hourly-12hour-documented.json", first_two)
answer("aw-search", "search.json", "accuweather/cities-search-documented.json", first_two)
answer("om-forecast", "forecast-one.json", "open-meteo/forecast-one-documented.json")
answer("om-forecast", "forecast-three.json", "open-meteo/forecast-three-documented.json")
answer("om-forecast", "error.json", "open-meteo/error-400-documented.json")
answer("om-geocoding", "hits.json", "open-meteo/geocoding-hits-documented.json")
answer("om-geocoding", "none.json", "open-meteo/geocoding-none-documented.json")
answer("om-airquality", "air-one.json", "open-meteo/air-quality-one-documented.json")
answer("om-airquality", "air-three.json", "open-meteo/air-quality-three-documented.json")
answer("om-airquality", "error.json", "open-meteo/error-400-air-quality-documented.json")
answer("om-nowcast", "nowcast-one.json", "open-meteo/nowcast-one-documented.json")
answer("om-nowcast", "nowcast-three.json", "open-meteo/nowcast-three-documented.json")
answer("al-nws", "active.json", "alerts/nws-active-documented.json")
answer("al-nws", "none.json", "alerts/nws-none-documented.json")
answer("al-met", "current.json", "alerts/met-norway-current-documented.json")
answer("al-brightsky", "alerts.json", "alerts/bright-sky-alerts-documented.json")
answer("aw-alerts", "alerts.json", "alerts/accuweather-alerts-documented.json")
answer("aw-alerts", "none.json", "alerts/accuweather-alerts-documented.json", lambda v: [])
