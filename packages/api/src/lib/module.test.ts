import { describe, expect, it } from 'vitest';
import { createModuleServices } from './module.ts';

/** The registry typed with an entry of its own, so these tests add nothing to the app's ModuleServices. */
const registry = () =>
  createModuleServices() as unknown as { services: { testClock: () => number }; provide(entries: { testClock?: () => number }): void };

describe('module services', () => {
  it('gives a later module what an earlier one offered', () => {
    const { services, provide } = registry();
    const clock = () => 42;
    provide({ testClock: clock });
    expect(services.testClock).toBe(clock);
    expect('testClock' in services).toBe(true);
  });

  it('names an entry read before any module offered it, and the fix', () => {
    const { services } = registry();
    expect(() => services.testClock).toThrow("'testClock' is not offered by any module registered so far: list the module that offers it earlier in buildApp");
    expect('testClock' in services).toBe(false);
  });

  it('refuses an entry offered twice, and writes that bypass provide', () => {
    const { services, provide } = registry();
    provide({ testClock: () => 1 });
    expect(() => provide({ testClock: () => 2 })).toThrow("'testClock' is offered twice");
    expect(services.testClock()).toBe(1);
    expect(() => Object.assign(services, { testClock: () => 3 })).toThrow(TypeError);
  });
});
