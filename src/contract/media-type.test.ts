import { describe, expect, it } from 'vitest';
import { isJsonMediaType } from './media-type.ts';

describe('JSON media types', () => {
  it('accepts application/json and +json types, whatever the case and parameters', () => {
    for (const type of [
      'application/json',
      'Application/JSON; charset=utf-8',
      'application/vnd.api+json',
      'application/problem+json;q=1',
    ]) {
      expect(isJsonMediaType(type), type).toBe(true);
    }
  });
  it('refuses anything else', () => {
    for (const type of [
      undefined,
      '',
      'text/plain',
      'application/jsonp',
      'text/json',
      'application/x-www-form-urlencoded',
    ]) {
      expect(isJsonMediaType(type), String(type)).toBe(false);
    }
  });
});
