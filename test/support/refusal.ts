/** What a command's rejection carries to the window (the host's dispatcher sends `toJSON()`). */
import { expect } from 'vitest';
import { AppError } from '../../src-main/shared/contract';

export async function refusal(run: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).toJSON();
}
