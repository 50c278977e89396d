#!/usr/bin/env python3
"""Open the built docs site in headless Chromium and check what a reader sees.

`python scripts/browser_check.py SITE_DIR SHOT_DIR` serves SITE_DIR on 127.0.0.1 and drives Debian's
/usr/bin/chromium with Playwright. It asserts: the sidebar lists every notebook page under its
floor (Core, Kernels, ...) and links the API reference; the home page shows its figure (an image
that actually loaded) and the defects table; the verdict tables (home page, the finalize-dtype
matrix, the EP runner) fit the page without scrolling sideways; no notebook page shows an
`In [ ]:` / `Out[ ]:` prompt; the MoE-layer page's plot loads and is in its screenshot; the API page
documents `get_defect`; and search answers when the site is opened from disk (a file:// URL).
Screenshots are saved to SHOT_DIR (CI keeps them as artefacts). Exit status 1 on any failed check.
"""
from __future__ import annotations

import functools, http.server, importlib.util, re, shutil, sys, threading
from pathlib import Path

from playwright.sync_api import sync_playwright

FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PROMPT = re.compile(r"\b(In|Out)\s?\[[\s\d*]*\]:")
WIDE_TABLES = {"index": "home page", "24_finalize_matrix": "finalize-dtype matrix", "42_ep_runner": "EP runner"}


def floors() -> dict[str, str]:
    "The sidebar's floor names by notebook number's first digit, from docs/build.py (one source)."
    spec = importlib.util.spec_from_file_location("docs_build", Path(__file__).resolve().parent.parent / "docs" / "build.py")
    mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
    return mod.FLOORS


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args): pass


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(_QuietHandler, directory=str(site))
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f"http://127.0.0.1:{srv.server_address[1]}"


_SECTIONS_JS = """() => [...document.querySelectorAll('nav.md-nav--primary li.md-nav__item--section')].map(li => [
    li.querySelector(':scope > .md-nav__link').textContent.trim(),
    [...li.querySelectorAll('a.md-nav__link')].map(a => a.getAttribute('href').split('#')[0].replace(/^\\.\\//, ''))])"""
_OVERFLOW_JS = """() => [...document.querySelectorAll('article table')].map(t => {  // sideways scroll, in px
    let worst = 0;  // the table, Material's scroll wrapper and the output area, up to the cell
    for (let e = t; e && !e.matches('article, .jp-Cell'); e = e.parentElement) worst = Math.max(worst, e.scrollWidth - e.clientWidth);
    return worst; })"""
_IMGS_JS = "els => els.map(e => [e.naturalWidth, e.naturalHeight])"


def loaded_plot(page):
    "The largest loaded image on the page (a locator), or None."
    imgs = page.eval_on_selector_all("article img", _IMGS_JS)
    sizes = [w * h if w > 100 and h > 50 else 0 for w, h in imgs]
    return page.locator("article img").nth(sizes.index(max(sizes))) if sizes and max(sizes) else None


def main(site: str = "docs/_site", shots: str = "artifacts/screenshots") -> int:
    site_dir, shot_dir = Path(site).resolve(), Path(shots)
    shot_dir.mkdir(parents=True, exist_ok=True)
    notebooks = sorted(p.stem for p in Path("nbs").glob("*.ipynb") if p.stem != "00_index")
    floor_of = floors()
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    srv, base = serve(site_dir)
    failures: list[str] = []
    check = lambda ok, what: print(("ok   " if ok else "FAIL ") + what) or (None if ok else failures.append(what))
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=FLAGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.set_default_timeout(15_000)

            # The home page and the sidebar.
            page.goto(f"{base}/index.html", wait_until="load")
            links = page.eval_on_selector_all("nav.md-nav--primary a.md-nav__link", "els => els.map(e => e.getAttribute('href'))")
            listed = {h.split("#")[0].removeprefix("./") for h in links if h}
            check(all(f"{nb}.html" in listed for nb in notebooks), f"sidebar lists all {len(notebooks)} notebook pages")
            check(any(h.startswith("api/") for h in listed), "sidebar links the API reference")
            sections = dict(page.evaluate(_SECTIONS_JS))
            misplaced = [nb for nb in notebooks if f"{nb}.html" not in sections.get(floor_of.get(nb[0], "Other"), [])]
            wanted = [f for f in floor_of.values() if any(floor_of.get(nb[0]) == f for nb in notebooks)]
            check(not misplaced and [s for s in sections if s in wanted] == wanted,
                  f"sidebar groups the notebooks by floor ({', '.join(wanted)})" + (f"; misplaced: {misplaced}" if misplaced else ""))
            imgs = page.eval_on_selector_all("img", _IMGS_JS)
            check(any(w > 100 and h > 50 for w, h in imgs), f"home page shows a rendered figure ({len(imgs)} images)")
            check(page.locator("table").count() > 0 and "stale_input_embeds" in page.content(), "home page has the defects table")
            check(page.locator("input.md-search__input").count() == 1, "search box present")
            page.screenshot(path=str(shot_dir / "home.png"), full_page=True)

            # Every notebook page: no prompts; the verdict tables fit without sideways scrolling.
            prompts, seen = [], 0
            for nb in ["index"] + notebooks:
                if not (site_dir / f"{nb}.html").exists(): continue  # the sidebar check above names it
                page.goto(f"{base}/{nb}.html", wait_until="load"); seen += 1
                if (m := PROMPT.search(page.inner_text("article"))): prompts.append(f"{nb}: {m.group(0)!r}")
                if nb in WIDE_TABLES:
                    over = page.evaluate(_OVERFLOW_JS)
                    check(over and max(over) <= 1, f"{WIDE_TABLES[nb]}'s {len(over)} tables fit the page "
                          f"(widest overflow {max(over, default=0)} px)")
                    if nb != "index":
                        page.locator("article table").first.scroll_into_view_if_needed()
                        page.screenshot(path=str(shot_dir / f"{nb}.png"), full_page=False)
            check(not prompts, f"no In/Out prompt labels on {seen} notebook pages" + (f": {prompts[:5]}" if prompts else ""))

            target = "01_legacy" if "01_legacy" in notebooks else notebooks[0]
            page.goto(f"{base}/{target}.html", wait_until="load")
            check(page.locator("h1").count() >= 1, f"{target} page has a title")
            check(page.locator(".jp-CodeCell, .jp-Cell").count() > 3, f"{target} page renders its cells")
            check(page.locator("nav.md-nav--primary a.md-nav__link").count() >= len(notebooks), f"{target} page has the sidebar")
            page.screenshot(path=str(shot_dir / f"{target}.png"), full_page=False)

            if "20_moe_layer" in notebooks:
                page.goto(f"{base}/20_moe_layer.html", wait_until="load")
                plot = loaded_plot(page)
                if plot is not None:
                    plot.scroll_into_view_if_needed()
                    box, view = plot.bounding_box(), page.viewport_size
                    shown = box is not None and box["y"] >= 0 and box["y"] + box["height"] <= view["height"]
                else: shown = False
                check(shown, "20_moe_layer page shows its expert-load plot, inside the screenshot")
                page.screenshot(path=str(shot_dir / "20_moe_layer.png"), full_page=False)

            page.goto(f"{base}/api/refmoe.core.legacy.html", wait_until="load")
            check("get_defect" in page.content(), "API page documents refmoe.core.legacy.get_defect")
            page.screenshot(path=str(shot_dir / "api_legacy.png"), full_page=False)

            # Search from disk: Material's offline plugin lets the search worker run from file://.
            page.goto((site_dir / "index.html").as_uri(), wait_until="load")
            page.locator("input.md-search__input").click()
            page.keyboard.type("input_embeds")  # key events, as a reader types (fill() is not seen)
            try:
                page.locator("li.md-search-result__item a").first.wait_for(timeout=15_000)
                hits = page.eval_on_selector_all("li.md-search-result__item a", "els => els.map(e => e.getAttribute('href'))")
            except Exception: hits = []
            check(any("33_prefill_runner.html" in h for h in hits) if "33_prefill_runner" in notebooks else bool(hits),
                  f"search works from file:// ({len(hits)} results for 'input_embeds')")
            page.screenshot(path=str(shot_dir / "search_file.png"), full_page=False)
            browser.close()
    finally:
        srv.shutdown()
    print(f"screenshots in {shot_dir}/")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
