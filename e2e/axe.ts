import type { Frame, Page } from '@playwright/test';
import axe from 'axe-core';
import { expect } from './fixtures.js';

/**
 * Runs axe-core in the page, as it is now (an open dialog included) once its transitions have ended, and fails with
 * each violation's rule, help text and elements. The script is evaluated through the DevTools protocol, which the page's content security
 * policy does not govern, and only once per document. A frame (the sandbox's checkout popup) is checked the same way.
 */
export async function expectNoAxeViolations(page: Page | Frame, screen: string): Promise<void> {
  // A dialog or panel fading in has text at partial opacity, which axe would measure as low contrast. A dialog already in
  // the page whose fade has not begun yet (no `show` class, so no transition to wait for) counts as fading in.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.getAnimations().filter((animation) => animation instanceof CSSTransition).length +
          document.querySelectorAll(
            '.modal.fade:not(.show), .modal-backdrop.fade:not(.show), .offcanvas.showing, .offcanvas.hiding, .offcanvas-backdrop.fade:not(.show)',
          ).length,
      ),
    )
    .toBe(0);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  // A transition can still begin after the wait: the browser moves a button out of its hover state once a dialog has
  // covered it, some frames later, and a loaded machine ran axe halfway through that fade (CI, 2026-11-28). While axe
  // runs, every style change takes effect at once, through a constructed style sheet, which no content security policy
  // governs; it is taken away again afterwards.
  const violations = await page.evaluate(async () => {
    const instant = new CSSStyleSheet();
    instant.replaceSync('*, *::before, *::after { transition: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, instant];
    try {
      const results = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
      return results.violations.map((violation) => ({
        rule: violation.id,
        help: violation.help,
        nodes: violation.nodes.map((node) => node.target.join(' ')),
      }));
    } finally {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== instant);
    }
  });
  expect(violations, `axe violations on ${screen}`).toEqual([]);
}
