import { describe, expect, it } from 'vitest';
import { commaList } from './comma-list.ts';

describe('commaList', () => {
  it('trims each entry and drops empty ones', () => {
    expect(commaList(' https:, https://img.example.com ,,')).toEqual([
      'https:',
      'https://img.example.com',
    ]);
    expect(commaList('')).toEqual([]);
    expect(commaList(' , ')).toEqual([]);
  });
});
