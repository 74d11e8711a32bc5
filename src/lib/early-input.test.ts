import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_SUBMIT_ATTRIBUTE, INTERACTIVE_ATTRIBUTE, installEarlyInput } from './early-input.ts';

// The page as the server drew it: the app's listener on its root (where React listens),
// a button of the page's own, a link, a submit button, and a form that applies on change.
function drawPage() {
  document.body.innerHTML = `
    <div id="root">
      <main>
        <button type="button" class="map">Map</button>
        <button type="button" class="filters">Filters</button>
        <button type="button" disabled class="off">Off</button>
        <a href="#rooms" class="link">See rooms</a>
        <form class="search"><button type="submit" class="go">Search</button></form>
        <form class="sort" ${EARLY_SUBMIT_ATTRIBUTE}>
          <select name="sort"><option>recommended</option><option>stars</option></select>
          <input type="checkbox" name="mode" value="live" class="live" />
        </form>
        <form class="plain"><select name="other"><option>a</option><option>b</option></select></form>
      </main>
    </div>`;
  const seen: string[] = [];
  const root = document.getElementById('root')!;
  root.addEventListener('click', (event) => {
    seen.push(`click ${(event.target as Element).className}`);
    if ((event.target as Element).className === 'link') event.preventDefault();
  });
  root.addEventListener('change', (event) =>
    seen.push(`change ${(event.target as Element).closest('form')!.className}`),
  );
  const find = (selector: string) => document.querySelector<HTMLElement>(selector)!;
  return { seen, find };
}

const becomeInteractive = async () => {
  document.documentElement.setAttribute(INTERACTIVE_ATTRIBUTE, '');
  // The script hears of it from a MutationObserver, after the current task.
  await new Promise((resolve) => setTimeout(resolve, 0));
};

const choose = (select: HTMLElement, value: string) => {
  (select as HTMLSelectElement).value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
};

let stop = () => {};
let submitted: HTMLFormElement[] = [];
beforeEach(() => {
  document.documentElement.removeAttribute(INTERACTIVE_ATTRIBUTE);
  submitted = [];
  vi.spyOn(HTMLFormElement.prototype, 'requestSubmit').mockImplementation(function (
    this: HTMLFormElement,
  ) {
    submitted.push(this);
  });
});
afterEach(() => {
  stop();
  vi.restoreAllMocks();
  document.documentElement.removeAttribute(INTERACTIVE_ATTRIBUTE);
});

describe('installEarlyInput', () => {
  it('keeps the taps on the page’s buttons until it is interactive, then replays each once, in order', async () => {
    const { seen, find } = drawPage();
    stop = installEarlyInput(window);
    find('.filters').click();
    find('.map').click();
    // Tapped again because nothing happened yet: still one choice.
    find('.filters').click();
    expect(seen).toEqual([]);

    await becomeInteractive();
    expect(seen).toEqual(['click filters', 'click map']);

    // From now on the page answers by itself.
    find('.map').click();
    expect(seen).toEqual(['click filters', 'click map', 'click map']);
  });

  it('lets links, submit buttons and disabled buttons work as HTML', async () => {
    const { seen, find } = drawPage();
    stop = installEarlyInput(window);
    find('.link').click();
    find('.go').addEventListener('click', (event) => event.preventDefault());
    find('.go').click();
    find('.off').click();
    expect(seen).toEqual(['click link', 'click go']);
    await becomeInteractive();
    expect(seen).toEqual(['click link', 'click go']);
  });

  it('submits a form that applies on change, and the page never hears of that change', async () => {
    const { seen, find } = drawPage();
    stop = installEarlyInput(window);
    choose(find('.sort select'), 'stars');
    expect(submitted).toEqual([find('.sort')]);
    expect(seen).toEqual([]);

    // A form that does not apply on change is left to the page.
    choose(find('.plain select'), 'b');
    expect(seen).toEqual(['change plain']);

    await becomeInteractive();
    choose(find('.sort select'), 'recommended');
    expect(submitted).toHaveLength(1);
    expect(seen).toEqual(['change plain', 'change sort']);
  });

  it('lets a box in a form that applies on change toggle and submit, unseen by the page', async () => {
    const { seen, find } = drawPage();
    stop = installEarlyInput(window);
    const box = find('.live') as HTMLInputElement;
    box.click();
    expect(box.checked).toBe(true);
    expect(submitted).toEqual([find('.sort')]);
    expect(seen).toEqual([]);
    await becomeInteractive();
    expect(seen).toEqual([]);
  });

  it('drops a tap on a button that hydration put another button in place of', async () => {
    const { seen, find } = drawPage();
    stop = installEarlyInput(window);
    find('.map').click();
    const other = document.createElement('button');
    other.type = 'button';
    other.className = 'other';
    other.textContent = 'Something else';
    find('.map').replaceWith(other);

    await becomeInteractive();
    expect(seen).toEqual([]);
  });

  it('finds a tapped button again when hydration replaced it', async () => {
    const { seen, find } = drawPage();
    stop = installEarlyInput(window);
    find('.map').click();
    const fresh = find('.map').cloneNode(true);
    find('.map').replaceWith(fresh);

    await becomeInteractive();
    expect(seen).toEqual(['click map']);
  });

  it('does nothing on a page that is already interactive', () => {
    const { seen, find } = drawPage();
    document.documentElement.setAttribute(INTERACTIVE_ATTRIBUTE, '');
    stop = installEarlyInput(window);
    find('.map').click();
    expect(seen).toEqual(['click map']);
  });
});
