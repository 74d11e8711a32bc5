import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_MODULES } from './first-screen-modules.ts';

describe('FIRST_SCREEN_MODULES', () => {
  it('names modules that exist, so a renamed one cannot drop out of the JS a page is counted for', () => {
    const modules = Object.values(FIRST_SCREEN_MODULES).flat();
    expect(modules.length).toBeGreaterThan(0);
    expect(modules.filter((module) => !existsSync(module))).toEqual([]);
  });
});
