import { describe, expect, it } from 'vitest';
import { insertMention, keptMentions, matchingMembers, mentionQuery, splitMentions } from './mentions.ts';

const anna = { id: 1, name: 'Anna Schröder' };
const bernd = { id: 2, name: 'Bernd Özdemir' };

describe('chat mentions', () => {
  it('finds the mention being typed before the caret', () => {
    expect(mentionQuery('Hallo @An', 9)).toEqual({ start: 6, query: 'An' });
    expect(mentionQuery('Hallo @Anna Sch', 15)).toEqual({ start: 6, query: 'Anna Sch' });
    expect(mentionQuery('mail@firma.de', 13)).toBeNull();
    expect(mentionQuery('@Anna Schröder hat', 18)).toBeNull();
    expect(mentionQuery('kein at', 7)).toBeNull();
  });

  it('offers members whose name contains the typed words', () => {
    expect(matchingMembers([anna, bernd], 'schr')).toEqual([anna]);
    expect(matchingMembers([anna, bernd], '')).toEqual([anna, bernd]);
  });

  it('inserts the picked name and keeps only the mentions left in the text', () => {
    const { text, caret } = insertMention('Hallo @An, bitte', 6, 9, anna);
    expect(text).toBe('Hallo @Anna Schröder , bitte');
    expect(caret).toBe(21);
    expect(keptMentions(text, [anna, bernd, anna])).toEqual([1]);
  });

  it('marks mentions in a message', () => {
    expect(splitMentions('Hi @Anna Schröder!', [anna])).toEqual([
      { text: 'Hi ', mention: false },
      { text: '@Anna Schröder', mention: true },
      { text: '!', mention: false },
    ]);
  });
});
