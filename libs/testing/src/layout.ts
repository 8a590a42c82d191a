// Layout checks that browser tests share (issue 18 §4, issue 28 §4): is the page wider than the
// screen, is a control wholly visible, does anything stick out of the viewport or of its card. They
// return what is wrong (an empty list when nothing is) instead of asserting: this package is used
// without jest too (see index.ts). The page functions run in the browser, and this file is
// type-checked without the DOM library: the interfaces below are what they read there.
import type { Locator, Page } from 'playwright-core';

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
  height: number;
}
interface PageNode {
  textContent: string | null;
  parentElement: PageElement | null;
}
interface PageElement extends PageNode {
  getBoundingClientRect(): Box;
  getAttribute(name: string): string | null;
  closest(selector: string): PageElement | null;
  tagName: string;
  scrollWidth: number;
  clientWidth: number;
}
interface PageWindow {
  innerWidth: number;
  getComputedStyle(el: PageElement): { overflowX: string; visibility: string };
  document: {
    documentElement: PageElement;
    body: PageElement & { querySelectorAll(selector: string): Iterable<PageElement> };
    createTreeWalker(root: PageElement, whatToShow: number): { nextNode(): PageNode | null };
    createRange(): { selectNodeContents(node: PageNode): void; getBoundingClientRect(): Box };
  };
}

/** The page's width against the viewport's: a page that scrolls sideways is wider. */
export async function pageWidth(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => {
    const win = globalThis as unknown as PageWindow;
    return { scrollWidth: win.document.documentElement.scrollWidth, innerWidth: win.innerWidth };
  });
}

/**
 * What keeps `target` from being wholly on screen across: outside the viewport, cut by a scrolling or
 * clipping ancestor (a table container that scrolls sideways hides what is past its right edge), or
 * its own text cut ("Convert to stude…"). Only the horizontal extent is checked, which the page's
 * vertical scroll does not change; the target is never scrolled into view, which would move a
 * sideways-scrolling table to it and hide the fault.
 */
export async function clippedProblems(target: Locator): Promise<string[]> {
  return target.evaluate((node) => {
    const el = node as unknown as PageElement;
    const window = globalThis as unknown as PageWindow;
    const box = el.getBoundingClientRect();
    const problems: string[] = [];
    if (box.width === 0 || box.height === 0) problems.push('no size');
    if (box.left < 0 || box.right > window.innerWidth + 0.5) problems.push(`outside the viewport (${box.left}–${box.right} of ${window.innerWidth})`);
    for (let up = el.parentElement; up; up = up.parentElement) {
      const style = window.getComputedStyle(up);
      if (!/(auto|scroll|hidden|clip)/.test(style.overflowX)) continue;
      const frame = up.getBoundingClientRect();
      if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) problems.push(`cut by ${up.tagName.toLowerCase()}.${(up.getAttribute('class') ?? '').split(' ')[0]} (${box.left}–${box.right} of ${frame.left}–${frame.right})`);
    }
    if (el.scrollWidth > el.clientWidth + 1) problems.push(`its text is cut (${el.scrollWidth} > ${el.clientWidth})`);
    return problems;
  });
}

/**
 * Every element and every run of text of the page that sticks out sideways: past the viewport's
 * edges, or past its card's ([data-slot="card"]). A long word that does not wrap (a 64-character
 * hash) makes its own box wider than the card's even when the page hides the overflow, so the boxes
 * are compared, not only the page's scroll width. What a clipping ancestor hides on purpose (the
 * visually hidden labels, the landing page's clipped decorations) is left out: only the part of a
 * box that can be seen is compared.
 */
export async function overflowingBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const win = globalThis as unknown as PageWindow;
    const doc = win.document;
    const problems: string[] = [];
    const label = (el: PageElement) => `${el.tagName.toLowerCase()}.${(el.getAttribute('class') ?? '').split(' ')[0]} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const round = (n: number) => Math.round(n);

    /** The horizontal extent of `box` left visible by `from` and its ancestors that clip (the page itself scrolls: not these). */
    function visible(from: PageElement | null, box: Box): { left: number; right: number } {
      let { left, right } = box;
      for (let up = from; up && up !== doc.body && up !== doc.documentElement; up = up.parentElement) {
        if (!/(auto|scroll|hidden|clip)/.test(win.getComputedStyle(up).overflowX)) continue;
        const frame = up.getBoundingClientRect();
        left = Math.max(left, frame.left);
        right = Math.min(right, frame.right);
      }
      return { left, right };
    }

    function check(owner: PageElement, clipFrom: PageElement | null, box: Box, what: string) {
      if (box.width === 0 || box.height === 0 || win.getComputedStyle(owner).visibility === 'hidden') return;
      const seen = visible(clipFrom, box);
      if (seen.right - seen.left <= 0.5) return; // wholly hidden by an ancestor
      if (seen.left < -0.5 || seen.right > win.innerWidth + 0.5) problems.push(`${what}: ${round(seen.left)}–${round(seen.right)} outside the viewport 0–${win.innerWidth}`);
      const card = owner.closest('[data-slot="card"]');
      if (!card || card === owner) return;
      const frame = card.getBoundingClientRect();
      if (seen.left < frame.left - 0.5 || seen.right > frame.right + 0.5) problems.push(`${what}: ${round(seen.left)}–${round(seen.right)} outside its card ${round(frame.left)}–${round(frame.right)}`);
    }

    for (const el of doc.body.querySelectorAll('*')) check(el, el.parentElement, el.getBoundingClientRect(), label(el));
    // Text outside any element of its own (a bare word in a <dd>) shows only as a text run.
    const SHOW_TEXT = 4;
    const texts = doc.createTreeWalker(doc.body, SHOW_TEXT);
    const range = doc.createRange();
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      const parent = text.parentElement;
      if (!parent || !(text.textContent ?? '').trim()) continue;
      range.selectNodeContents(text);
      check(parent, parent, range.getBoundingClientRect(), `text "${(text.textContent ?? '').trim().slice(0, 30)}" in ${label(parent)}`);
    }
    return problems;
  });
}

/**
 * What the toast saying `text` covers, once it has come to rest: the lower half of the screen (where
 * a phone's form keeps its primary action and the next step, issue 28 §6a), and any of `keepClear`
 * (named by key) that is on screen.
 */
export async function toastClashes(page: Page, text: string, keepClear: Record<string, Locator>): Promise<string[]> {
  const toast = page.locator('[data-sonner-toast][data-mounted="true"]').filter({ hasText: text }).first();
  // Sonner slides a toast in (0.4 s): measure where it stops, not where it passes.
  await toast.evaluate((el) => Promise.all((el as unknown as { getAnimations(): { finished: Promise<unknown> }[] }).getAnimations().map((a) => a.finished)));
  const t = await toast.boundingBox();
  if (!t) return ['the toast has no box'];
  const { height } = page.viewportSize()!;
  const span = (top: number, h: number) => `${Math.round(top)}–${Math.round(top + h)}`;
  const clashes: string[] = [];
  if (t.y + t.height > height / 2) clashes.push(`the toast (${span(t.y, t.height)}) covers the lower half of the ${height} px screen`);
  for (const [name, target] of Object.entries(keepClear)) {
    const b = await target.boundingBox();
    if (b && t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height) clashes.push(`the toast (${span(t.y, t.height)}) covers ${name} (${span(b.y, b.height)})`);
  }
  return clashes;
}
