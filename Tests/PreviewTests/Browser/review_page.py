#!/usr/bin/env python3
"""Drives a check report served by `forkrender review` in headless Chromium through Selenium (chromedriver).

    review_page.py accept <url> <anchor> <scene> <offered>

Opens the page, checks that every frame section has Accept and Reject and that scene <scene> has an "Accept all
<offered> of <scene>" button, clicks Accept in the section whose id is <anchor>, and waits until the page shows
the decision the server answered. Prints one JSON line and exits 0, or prints what failed and exits 1. Exit 77:
Selenium or the browser is missing (the caller skips). Every wait has a deadline and the run an alarm.
ReviewBrowserTests runs it and then checks the disk: the reference of that frame changed, nothing else did.
"""
import json
import os
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# The preview's browser set-up (headless Chromium, its console log kept; exit 77 without Selenium or the browser).
from preview_page import browser  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

signal.signal(signal.SIGALRM, lambda *_: (print("fail: the browser run took over 100 s"), sys.exit(1)))
signal.alarm(100)


def accept(url, anchor, scene, offered):
    d = browser(1000)
    try:
        d.get(url)
        wait = WebDriverWait(d, 20)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "section.item .review button.accept"))
        sections = d.find_elements(By.CSS_SELECTOR, "section.item")
        for s in sections:
            if not s.find_elements(By.CSS_SELECTOR, ".review button.accept") or not s.find_elements(By.CSS_SELECTOR, ".review button.reject"):
                return f"section {s.get_attribute('id')} has no Accept or Reject"
        bars = [b.text for b in d.find_elements(By.CSS_SELECTOR, ".review-scene button")]
        if f"Accept all {offered} of {scene}" not in bars:
            return f"no 'Accept all {offered} of {scene}' button (found {bars})"
        section = d.find_element(By.ID, anchor)
        section.find_element(By.CSS_SELECTOR, ".review button.accept").click()
        wait.until(lambda d: d.find_element(By.ID, anchor).find_element(By.CSS_SELECTOR, ".decision").text.startswith("accepted")
                   or d.find_element(By.ID, "review-status").text)
        state = section.find_element(By.CSS_SELECTOR, ".decision").text
        if not state.startswith("accepted"):
            return f"the page shows '{state}' / '{d.find_element(By.ID, 'review-status').text}' after Accept"
        others = [s.find_element(By.CSS_SELECTOR, ".decision").text for s in sections if s.get_attribute("id") != anchor]
        if any(o != "undecided" for o in others):
            return f"other frames show decisions: {others}"
        errors = [e["message"] for e in d.get_log("browser") if e["level"] == "SEVERE"]
        if errors:
            return f"console errors: {errors}"
        print(json.dumps({"accepted": anchor, "sections": len(sections), "state": state}))
        return None
    finally:
        d.quit()


if __name__ == "__main__":
    if len(sys.argv) != 6 or sys.argv[1] != "accept":
        print(__doc__)
        sys.exit(2)
    problem = accept(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
    if problem:
        print("fail: " + problem)
        sys.exit(1)
