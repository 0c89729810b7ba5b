/**
 * Errors a user may see. An ActionError carries a stable code, an English message (also the
 * fallback when no translation exists), and the field or line it is about. Anything else thrown
 * inside an action is logged and shown as a generic "nothing was saved" message — never a stack trace.
 */
export class ActionError extends Error {
  constructor(
    public code: string,
    message: string,
    public field?: string,
    public params?: Record<string, string | number>,
  ) {
    super(message);
    this.name = "ActionError";
  }
}

export interface ActionFailure {
  code: string;
  message: string;
  field?: string;
  params?: Record<string, string | number>;
  /** Several problems at once (e.g. every bad line of a decklist). */
  details?: { field?: string; line?: number; code: string; message: string; params?: Record<string, string | number> }[];
}

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ActionFailure };

/** The data of a successful result of a typed action wrapper `F` (e.g. `ActionOutputOf<typeof createEvent>`). */
export type ActionOutputOf<F> = F extends (input: never) => Promise<ActionResult<infer O>> ? O : never;
