import { describe, expect, it } from 'vitest';
import { isProfane } from '../src/visitors/visitors-profanity.ts';

describe('isProfane', () => {
  it.each(['shit', 'fuckface', 'sh1thead', 'b1tch', 'fvck', 'f_u_c_k', 'sh-it', 'x_cunt_x', 'i_am_sexy'])('flags %s', (name) => {
    expect(isProfane(name)).toBe(true);
  });

  it.each(['analyst', 'wfm_analyst', 'scunthorpe', 'classic', 'assessment', 'cocktail', 'forecaster', 'shift-lead'])(
    'lets %s through',
    (name) => {
      expect(isProfane(name)).toBe(false);
    },
  );
});
