/** Every scenario the simulated AI draws from, and the weekday forms their {day} placeholders take. */
import { CZECH_SCENARIOS } from './czechScenarios';
import { ENGLISH_SCENARIOS } from './englishScenarios';
import type { Scenario } from './scenario';

export const SCENARIOS: readonly Scenario[] = [...ENGLISH_SCENARIOS, ...CZECH_SCENARIOS];

/** Weekday forms per language: English name; Czech "on <day>" and accusative. Monday to Friday. */
export const WEEKDAYS = {
  en_US: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  cs_CZ_on: ['v pondělí', 'v úterý', 've středu', 've čtvrtek', 'v pátek'],
  cs_CZ_acc: ['pondělí', 'úterý', 'středu', 'čtvrtek', 'pátek'],
} as const;
