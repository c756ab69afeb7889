import { describe, expect, it } from 'vitest';
import { callerNumberView } from '../../../src-main/app/crm/callerNumber';

describe('callerNumberView', () => {
  it('formats the agent’s clid_number for people, and is null without one', () => {
    expect(callerNumberView('+420224812345', 'CZ')).toEqual({ display: '+420 224 812 345' });
    expect(callerNumberView('224812345', 'CZ')).toEqual({ display: '+420 224 812 345' });
    expect(callerNumberView('anonymous', 'CZ')).toEqual({ display: 'anonymous' });
    expect(callerNumberView('', 'CZ')).toBeNull();
    expect(callerNumberView(undefined, 'CZ')).toBeNull();
  });
});
