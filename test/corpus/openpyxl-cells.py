"""Every cell of every worksheet of a workbook as openpyxl reads it (data only: formulas' saved results),
as JSON on standard output: {"sheets": [{"name", "cells": [[row, column, kind, text, format]]}]} or
{"error": "..."}. The second reader the corpus test checks Intake's workbook reader against.

Texts are written as Intake writes them: TRUE/FALSE, dates 2026-11-22 (with " HH:MM:SS" when they have
a time), times of day HH:MM:SS, durations H:MM:SS; numbers as Python's repr, their format beside them.
"""
import datetime
import json
import sys
import warnings

warnings.simplefilter("ignore")
import openpyxl  # noqa: E402


def clock(seconds):
    sign = "-" if seconds < 0 else ""
    seconds = abs(seconds)
    return "%s%02d:%02d:%02d" % (sign, seconds // 3600, seconds // 60 % 60, seconds % 60)


def cell(value):
    if value is None:
        return None
    if isinstance(value, bool):
        return ["text", "TRUE" if value else "FALSE"]
    if isinstance(value, datetime.datetime):
        if value.microsecond >= 500000:
            value = value + datetime.timedelta(microseconds=1000000 - value.microsecond)
        value = value.replace(microsecond=0)
        if value.time() == datetime.time(0):
            return ["date", value.strftime("%Y-%m-%d")]
        return ["date", value.strftime("%Y-%m-%d %H:%M:%S")]
    if isinstance(value, datetime.date):
        return ["date", value.strftime("%Y-%m-%d")]
    if isinstance(value, datetime.time):
        seconds = value.hour * 3600 + value.minute * 60 + value.second + round(value.microsecond / 1e6)
        return ["time", clock(seconds % 86400)]
    if isinstance(value, datetime.timedelta):
        return ["duration", clock(round(value.total_seconds()))]
    if isinstance(value, (int, float)):
        return ["number", repr(value)]
    return ["text", str(value)]


def main(path):
    try:
        book = openpyxl.load_workbook(path, data_only=True)
    except Exception as error:  # the reason, not a trace
        print(json.dumps({"error": "%s: %s" % (type(error).__name__, error)}))
        return
    sheets = []
    for sheet in book.worksheets:
        cells = []
        # The cells stored, not every cell of the sheet's extent (a sheet formatted to XFD1048576 has
        # seventeen billion).
        for (row, column), target in sorted(sheet._cells.items()):
            read = cell(target.value)
            if read is None:
                continue
            cells.append([row, column, read[0], read[1], target.number_format])
        sheets.append({"name": sheet.title, "cells": cells})
    print(json.dumps({"sheets": sheets}, ensure_ascii=False))


main(sys.argv[1])
