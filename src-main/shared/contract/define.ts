/**
 * The building blocks of the contract tables. A command is declared once, as an entry of its area's table:
 * its zod argument schema (the value main validates with) and its result type (a type only). Channel lists,
 * argument and result types and the handler types are all derived from the tables.
 */
import type { z } from 'zod';

/** One command: the schema of its arguments, and (as a type only) what it resolves to. */
export interface CommandSpec<Args extends z.ZodType = z.ZodType, Result = unknown> {
  readonly args: Args;
  /** It changes something (a call, the PBX, the settings, local data): hosts keep a trace of each use. */
  readonly changesState: boolean;
  /** Never set: carries the result type. */
  readonly result?: Result;
}

/** One event: its payload type (a type only). */
export interface EventSpec<Payload = unknown> {
  /** Never set: carries the payload type. */
  readonly payload?: Payload;
}

/**
 * `command(ArgsSchema).returns<Result>()` for a command that only reads, `.changes<Result>()` for one that
 * changes something; the schema is inferred, the result named.
 */
export function command<Args extends z.ZodType>(args: Args) {
  return {
    returns: <Result>(): CommandSpec<Args, Result> => ({ args, changesState: false }),
    changes: <Result>(): CommandSpec<Args, Result> => ({ args, changesState: true }),
  };
}

/** `event<Payload>()`. */
export function event<Payload>(): EventSpec<Payload> {
  return {};
}

export type CommandTableShape = Record<string, CommandSpec>;
export type EventTableShape = Record<string, EventSpec>;

/** What a handler receives: the validated arguments (defaults applied). */
export type ArgsOf<S> = S extends CommandSpec<infer Args> ? z.output<Args> : never;
/** What a caller passes (before defaults). */
export type InputOf<S> = S extends CommandSpec<infer Args> ? z.input<Args> : never;
export type ResultOf<S> = S extends CommandSpec<z.ZodType, infer Result> ? Result : never;
export type PayloadOf<S> = S extends EventSpec<infer Payload> ? Payload : never;

/**
 * The handlers of one table: one async function per command. Hosts call them with validated arguments; they
 * are typed by the schema's input so that tests and in-process callers may leave out what has a default.
 */
export type HandlersFor<Table extends CommandTableShape> = {
  [C in keyof Table]: InputOf<Table[C]> extends undefined
    ? () => Promise<ResultOf<Table[C]>>
    : (args: InputOf<Table[C]>) => Promise<ResultOf<Table[C]>>;
};
