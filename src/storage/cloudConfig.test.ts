import { describe, expect, it } from 'vitest';
import { firestoreEmulatorTarget } from './cloudConfig';

describe('firestoreEmulatorTarget', () => {
  it('a real project (no Auth emulator) uses the real Firestore, whatever the override says', () => {
    expect(firestoreEmulatorTarget(null, '127.0.0.1:9000', '127.0.0.1:9001')).toBeNull();
  });
  it('with the Auth emulator: override, then the build setting, then its host on 8085', () => {
    expect(firestoreEmulatorTarget('http://127.0.0.1:9099', '127.0.0.1:9000', 'localhost:9001')).toEqual({ host: 'localhost', port: 9001 });
    expect(firestoreEmulatorTarget('http://127.0.0.1:9099', 'http://10.0.0.2:9000', null)).toEqual({ host: '10.0.0.2', port: 9000 });
    expect(firestoreEmulatorTarget('http://emu.local:9099', undefined, 'not a host')).toEqual({ host: 'emu.local', port: 8085 });
  });
});
