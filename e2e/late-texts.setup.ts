import { afterEach, expect } from 'vitest';
import { takeLateTexts } from './browser';

// Every browser test also checks that no page showed a text before its locale bundle was
// fetched: a route must name the bundles of the texts it shows (apps/web/src/app/routes.ts).
afterEach(() => {
  expect(takeLateTexts()).toEqual([]);
});
