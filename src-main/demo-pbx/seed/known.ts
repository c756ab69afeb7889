/**
 * The documented fields of a schema type without its index signature. The api/ schemas are loose objects
 * (`[key: string]: unknown`, so the client keeps fields it does not know); stored records use exactly the
 * documented fields, and `Omit`/`Pick` only work on them once the index signature is gone.
 */
export type Known<T> = {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K];
};
