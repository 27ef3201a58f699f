"""The vendored libraries load in the page through its import map, and work: Preact renders, htm
parses, and a signal of @preact/signals (which imports @preact/signals-core) drives a component."""

from __future__ import annotations

import pytest

from tests.browser.conftest import Pages
from tests.server.helpers import ServerProcess

pytestmark = pytest.mark.browser

SIGNALS = """async () => {
  const { h, render } = await import("preact");
  const htm = (await import("htm")).default;
  const { signal, computed, effect } = await import("@preact/signals");
  const core = await import("@preact/signals-core");
  const html = htm.bind(h);
  const count = signal(1);
  const double = computed(() => count.value * 2);
  const seen = [];
  effect(() => { seen.push(double.value); });
  const box = document.createElement("div");
  document.body.append(box);
  render(html`<p id="sig">${count} and ${double}</p>`, box);
  const before = box.textContent;
  count.value = 3;
  await new Promise((r) => setTimeout(r, 0));
  return { before, after: box.textContent, seen, same: core.Signal === (await import("@preact/signals")).Signal };
}"""


def test_preact_htm_and_signals_load_and_work_in_the_page(server: ServerProcess, pages: Pages) -> None:
    page = pages.new()
    page.goto(server.base + "/")
    page.wait_for_selector("[data-create]")
    out = page.evaluate(SIGNALS)
    assert out == {"before": "1 and 2", "after": "3 and 6", "seen": [2, 6], "same": True}
