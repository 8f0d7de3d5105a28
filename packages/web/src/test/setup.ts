import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadMessages } from '../i18n';

// Components rendered on their own read any section of pt-BR.json; the app loads them behind sign-in.
await loadMessages();

afterEach(() => cleanup());

// Routes load their code-split chunks on first visit: on a busy 2-core machine that can take more
// than the 1 s Testing Library waits by default for findBy*/waitFor.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the browser APIs Mantine's components call (media queries, element resize, scrolling).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= () => undefined;
// jsdom defines window.scrollTo only to report "not implemented"; the router's scroll restoration calls it.
window.scrollTo = () => undefined;
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
  });
}
