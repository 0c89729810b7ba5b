/**
 * Registry of every server action by name (see lib/server/action/index.ts). Each area module exports
 * its actions (defineAction results); list the module here once. lib/server/actions/browser/*.ts ("use server")
 * expose each one to the browser under the same name; tests/integration/authz.test.ts checks that
 * every action is refused to the public, to a duelist of another team and to another event's judge.
 */
import type { ActionResult } from "@/lib/errors";
import * as accounts from "./accounts";
import * as events from "./events";
import * as teams from "./teams";
import * as decklists from "./decklists";
import * as rounds from "./rounds";
import * as reporting from "./reporting";
import * as deckops from "./deckops";
import * as live from "./live";
import * as operations from "./operations";
import * as staff from "./staff";
import * as instance from "./instance";
import * as finish from "./finish";
import * as floor from "./floor";
import * as offline from "./offline";
import * as players from "./players";
import * as checkin from "./checkin";
import * as flights from "./flights";
import * as archive from "./archive";
import * as interop from "./interop";

/** What the registry needs of an action (input types differ per action). */
export type AnyAction = {
  name: string;
  handle(userId: string | null, raw: unknown, client?: { address: string }): Promise<ActionResult<unknown>>;
};

const MODULES: Record<string, unknown>[] = [
  accounts,
  events,
  teams,
  decklists,
  rounds,
  reporting,
  deckops,
  live,
  operations,
  staff,
  instance,
  finish,
  floor,
  offline,
  players,
  checkin,
  flights,
  archive,
  interop,
];

function isAction(v: unknown): v is AnyAction {
  return typeof v === "object" && v !== null && typeof (v as AnyAction).handle === "function" && typeof (v as AnyAction).name === "string";
}

export const ACTIONS: Record<string, AnyAction> = Object.fromEntries(
  MODULES.flatMap((m) =>
    Object.values(m)
      .filter(isAction)
      .map((a) => [a.name, a] as const),
  ),
);

/** Runs a registered action by name (unknown names are a programming error). */
export function actionByName(name: string): AnyAction {
  const a = ACTIONS[name];
  if (!a) throw new Error(`unknown action ${name}`);
  return a;
}
