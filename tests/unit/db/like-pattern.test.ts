import { describe, expect, it } from 'vitest';
import { escapeLike } from '../../../src/server/db/like-pattern';

describe('LIKE patterns from user text', () => {
  it('wildcards and the escape character the user typed are plain characters', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLike('react')).toBe('react');
  });
});
