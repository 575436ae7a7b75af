import { describe, expect, it } from 'vitest';
import { searchKey, withoutAccents } from './text.js';

describe('withoutAccents', () => {
  it('drops diacritics, precomposed or combining, and keeps case and punctuation', () => {
    expect(withoutAccents('Türkiye')).toBe('Turkiye');
    expect(withoutAccents('Côte d’Ivoire')).toBe('Cote d’Ivoire');
    expect(withoutAccents('Sa\u0303o Tome\u0301')).toBe('Sao Tome');
    expect(withoutAccents('Łódź')).toBe('Łodz');
  });
});

describe('searchKey', () => {
  it('is lower case, without accents, with punctuation and spaces as one space', () => {
    expect(searchKey('  Montréal, Québec ')).toBe('montreal quebec');
    expect(searchKey("Côte d'Ivoire")).toBe('cote d ivoire');
    expect(searchKey('São Tomé & Príncipe')).toBe('sao tome principe');
    expect(searchKey('東京 2027')).toBe('東京 2027');
    expect(searchKey('?!')).toBe('');
  });
});
