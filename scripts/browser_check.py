#!/usr/bin/env python3
"""Open the built docs site in headless Chromium and check what a reader sees.

`python scripts/browser_check.py SITE_DIR SHOT_DIR` serves SITE_DIR on 127.0.0.1, opens the home
page and a notebook page with Playwright driving Debian's /usr/bin/chromium, and asserts: the
sidebar lists every notebook page, the home page shows its figure (an image that actually
loaded), the notebook page has its title and code cells, and search is wired in. Screenshots are
saved to SHOT_DIR (CI keeps them as artefacts). Exit status 1 on any failed check.
"""
from __future__ import annotations

import functools, http.server, shutil, sys, threading
from pathlib import Path

from playwright.sync_api import sync_playwright

FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args): pass


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(_QuietHandler, directory=str(site))
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f"http://127.0.0.1:{srv.server_address[1]}"


def main(site: str = "docs/_site", shots: str = "artifacts/screenshots") -> int:
    site_dir, shot_dir = Path(site), Path(shots)
    shot_dir.mkdir(parents=True, exist_ok=True)
    notebooks = sorted(p.stem for p in Path("nbs").glob("*.ipynb") if p.stem != "00_index")
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    srv, base = serve(site_dir)
    failures: list[str] = []
    check = lambda ok, what: print(("ok   " if ok else "FAIL ") + what) or (None if ok else failures.append(what))
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=FLAGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(f"{base}/index.html", wait_until="load")
            links = page.eval_on_selector_all("nav.md-nav--primary a.md-nav__link", "els => els.map(e => e.getAttribute('href'))")
            listed = {h.split("#")[0].removeprefix("./") for h in links if h}
            check(all(f"{nb}.html" in listed for nb in notebooks), f"sidebar lists all {len(notebooks)} notebook pages")
            check(any(h.startswith("api/") for h in listed), "sidebar links the API reference")
            imgs = page.eval_on_selector_all("img", "els => els.map(e => [e.naturalWidth, e.naturalHeight])")
            check(any(w > 100 and h > 50 for w, h in imgs), f"home page shows a rendered figure ({len(imgs)} images)")
            check(page.locator("table").count() > 0 and "stale_input_embeds" in page.content(), "home page has the defects table")
            check(page.locator("input.md-search__input").count() == 1, "search box present")
            page.screenshot(path=str(shot_dir / "home.png"), full_page=True)
            target = "01_legacy" if "01_legacy" in notebooks else notebooks[0]
            page.goto(f"{base}/{target}.html", wait_until="load")
            check(page.locator("h1").count() >= 1, f"{target} page has a title")
            check(page.locator(".jp-CodeCell, .jp-Cell").count() > 3, f"{target} page renders its cells")
            check(page.locator("nav.md-nav--primary a.md-nav__link").count() >= len(notebooks), f"{target} page has the sidebar")
            page.screenshot(path=str(shot_dir / f"{target}.png"), full_page=False)
            if "20_moe_layer" in notebooks:
                page.goto(f"{base}/20_moe_layer.html", wait_until="load")
                imgs = page.eval_on_selector_all("img", "els => els.map(e => [e.naturalWidth, e.naturalHeight])")
                check(any(w > 100 and h > 50 for w, h in imgs), f"20_moe_layer page shows its expert-load plot ({len(imgs)} images)")
                page.screenshot(path=str(shot_dir / "20_moe_layer.png"), full_page=False)
            page.goto(f"{base}/api/refmoe.legacy.html", wait_until="load")
            check("get_defect" in page.content(), "API page documents refmoe.legacy.get_defect")
            page.screenshot(path=str(shot_dir / "api_legacy.png"), full_page=False)
            browser.close()
    finally:
        srv.shutdown()
    print(f"screenshots in {shot_dir}/")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
