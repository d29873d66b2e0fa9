import { describe, expect, it } from 'vitest';
import { openFailureSentence } from './open-failure';

describe('openFailureSentence', () => {
  it('names the file and the session still shown, then the reason word for word without its "Could not …" lead', () => {
    expect(openFailureSentence('shot.png', 'demo.jsonl', 'Could not load: This is a PNG image, not a session log.'))
      .toBe('shot.png could not be opened, and demo.jsonl is still shown: This is a PNG image, not a session log.');
    expect(openFailureSentence('/x.jsonl', 'demo.jsonl', 'Could not open /x.jsonl: not found (404).'))
      .toBe('/x.jsonl could not be opened, and demo.jsonl is still shown: not found (404).');
    // a lead naming another file is kept
    expect(openFailureSentence('a.jsonl', 'demo.jsonl', 'Could not open b.jsonl: gone (410).'))
      .toBe('a.jsonl could not be opened, and demo.jsonl is still shown: Could not open b.jsonl: gone (410).');
  });
});
