import { describe, expect, it } from 'vitest';
import { applyFacts, percent } from './content-facts';

describe('content facts', () => {
  it('formats rates as percentages exactly', () => {
    expect(percent('0.001')).toBe('0.1 %');
    expect(percent('0.0015')).toBe('0.15 %');
    expect(percent('0.02')).toBe('2 %');
    expect(percent('0')).toBe('0 %');
    expect(percent('0.1')).toBe('10 %');
  });
  it('replaces known names and escapes for HTML', () => {
    const facts = { fee: '0.1 %', brand: 'A<b>' };
    expect(applyFacts('Fee {{fee}} at {{ brand }} {{unknown}}', facts, true)).toBe(
      'Fee 0.1 % at A&lt;b&gt; {{unknown}}',
    );
    expect(applyFacts('{{brand}}', facts, false)).toBe('A<b>');
  });
});
