/** Longer than any id Lectern hands out (nanoid's 21, project slugs), short enough to echo in a message. */
export const MAX_ID_LENGTH = 64;

const ID_SHAPE = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_ID_LENGTH}}$`);

/** Whether `id` has the shape of the ids Lectern hands out: letters, digits, `_` and `-`, at most MAX_ID_LENGTH. */
export function isIdShaped(id: string): boolean {
  return ID_SHAPE.test(id);
}
