"""What the site walk asks of every page, as scripts run in the page: axe-core's accessibility
rules, the Content-Security-Policy violations seen since the first moment of the document, and
the phone checks (nothing sticks out sideways, every tab on screen, every control reachable).

tests/cross/browser/test_site_walk.py runs all of them on one load of each page; the checks of
their own (the axe harness, the plain error page, the API docs and admin) import them from here.
"""

from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
# The WCAG 2.0/2.1/2.2 A and AA rules, and the best-practice rules on landmarks and headings
# that a screen-reader user leans on to find their way around a page.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
BEST_PRACTICE = [
    "landmark-one-main",
    "landmark-unique",
    "landmark-no-duplicate-banner",
    "landmark-no-duplicate-contentinfo",
    "region",
    "page-has-heading-one",
    "heading-order",
    "bypass",
]
# axe leaves text on a gradient or image "incomplete" rather than failing it, so a gradient
# behind a table would silently switch the contrast check off for all of its text. Such text
# fails here unless it is inside one of these, whose colours were checked by hand:
HAND_CHECKED = [
    ".trk-head",  # white and near-white on #2a1414-#7a1f1f: 8.7:1 at the lightest end
    # SVG text, which axe takes for text on an image: #1d2330 on the white card (16:1) beside
    # the bars, never on them; the 50% mark #667085 on white (4.8:1).
    ".factions-chart",
]
RUN = """async ([tags, extra, handChecked]) => {
  const rules = Object.fromEntries(extra.map(id => [id, {enabled: true}]));
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, rules});
  const found = result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' :: ' + n.failureSummary),
  }));
  const unchecked = result.incomplete.filter(v => v.id === 'color-contrast')
    .flatMap(v => v.nodes)
    .filter(n => n.any.some(c => /gradient|image/.test(c.message)))
    .filter(n => { const el = document.querySelector(n.target[0]);
      return !(el && handChecked.some(sel => el.closest(sel))); });
  if (unchecked.length) found.push({
    id: 'color-contrast-unchecked', impact: 'serious',
    help: 'Text on a gradient or image, which axe cannot measure',
    nodes: unchecked.slice(0, 5).map(n => n.target.join(' ')),
  });
  return found;
}"""


def axe_violations(page) -> list[dict]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        # Evaluated by the browser's devtools, not as an inline <script> the page's
        # Content-Security-Policy would refuse (ops/csp.py).
        page.evaluate("() => {\n" + AXE.read_text() + "\n}")
    return page.evaluate(RUN, [TAGS, BEST_PRACTICE, HAND_CHECKED])


def axe_report(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        lines.extend(f"    {node}" for node in v["nodes"])
    return "\n".join(lines)


# Recorded from the first moment of every document (init scripts are not subject to the CSP).
CSP_LISTEN = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', e => {
  window.__csp.push(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') +
                    ' at ' + (e.sourceFile || '') + ':' + e.lineNumber);
});
"""


def csp_listen(page) -> list[str]:
    """Record the page's policy violations from now on; returns the console's lines, kept as
    they come (Chromium also reports a blocked resource there)."""
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.add_init_script(CSP_LISTEN)
    return console


def csp_violations(page, console: list[str]) -> list[str]:
    found = page.evaluate("window.__csp || []")
    return found + [text for text in console if "Content Security Policy" in text]


# What sticks out past the right edge of the page, if anything (inside an element that
# scrolls on its own, such as .table-wrap, does not count: the page itself stays put).
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = el => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (['auto', 'scroll', 'hidden', 'clip'].includes(s.overflowX)) return true;
    }
    return false;
  };
  return [...document.body.querySelectorAll('*')]
    .filter(el => { const r = el.getBoundingClientRect();
      return r.width > 0 && r.right > width + 0.5 && !scrolls(el); })
    .slice(0, 8)
    .map(el => el.outerHTML.slice(0, 80) + ' right=' + el.getBoundingClientRect().right);
}"""
# Buttons, links and fields a finger cannot reach: off the page to the left or right, or cut
# off by an ancestor that hides its overflow, with no scrolling box on the way to bring them
# into view (inside a box that scrolls, such as .table-wrap, the user can swipe to them).
UNREACHABLE = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  const selector = 'main a[href], main button, main input:not([type=hidden]), main select, ' +
    'main textarea, header a, header button';
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;  // not shown (hidden on purpose)
    if (getComputedStyle(el).visibility === 'hidden') continue;
    let clipped = null;
    for (let p = el.parentElement; p && p !== document.body && clipped === null;
         p = p.parentElement) {
      const s = getComputedStyle(p);
      if (['auto', 'scroll'].includes(s.overflowX)) clipped = false;
      else if (['hidden', 'clip'].includes(s.overflowX)) {
        const pr = p.getBoundingClientRect();
        if (r.right > pr.right + 0.5 || r.left < pr.left - 0.5) clipped = true;
      }
    }
    if (clipped === null) clipped = r.left < -0.5 || r.right > width + 0.5;
    if (clipped) out.push((el.textContent || el.name || el.tagName).trim().slice(0, 40));
  }
  return out;
}"""
# The event tabs must all be on screen, not hidden off to the side of a scrolling strip.
TABS_HIDDEN = """() => {
  const nav = document.querySelector('nav.tabs');
  if (!nav) return [];
  const box = nav.getBoundingClientRect();
  return [...nav.querySelectorAll('a')]
    .filter(a => { const r = a.getBoundingClientRect();
      return r.left < box.left - 0.5 || r.right > box.right + 0.5; })
    .map(a => a.textContent.trim());
}"""


def phone_problems(page, width: int) -> list[str]:
    """What keeps the page from working on a phone `width` pixels wide, in words."""
    problems = []
    if page.evaluate("document.scrollingElement.scrollWidth") > width:
        problems.append(f"scrolls sideways: {page.evaluate(OVERFLOW)}")
    if hidden := page.evaluate(TABS_HIDDEN):
        problems.append(f"tabs off screen: {hidden}")
    if cut := page.evaluate(UNREACHABLE):
        problems.append(f"controls cut off: {cut}")
    return problems
