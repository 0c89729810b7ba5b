/**
 * The simulated phones of the venue benchmark (issue #15): plain node:http with one keep-alive
 * agent per phone (its own connections, as a phone has), no browser. Two client rules:
 *
 * - `push` (bench/venue contract, /work shared live contract): one server-sent-events stream per
 *   phone (`GET /api/events/:id/stream`, `Last-Event-ID` on reconnect). A change naming
 *   `pairings:<n>` (or `*`) refetches the round's pairings JSON at once (duelists their card 0–3 s later);
 *   `results:<n>`, `event` refetch the pairings JSON and `team:<own team>` the card, coalesced to at
 *   most once per 5 s plus 0–2 s jitter. Refetches send If-None-Match (ETag `W/"v<version>"`).
 * - `polling` (today's components/LiveRefresh.tsx): `GET /api/events/:id/version` at 1 Hz (the next
 *   poll 1 s after the previous answer) with If-None-Match; on a new version the phone does what
 *   router.refresh() does, an RSC GET (`RSC: 1`) of its page(s): a duelist its report page (own card)
 *   and the pairings page, a spectator the pairings page. One refresh at a time per phone (a new
 *   version seen meanwhile is refreshed after it), which is kinder to the server than a browser
 *   whose router aborts and re-sends.
 *
 * A phone counts as updated after a publish when a pairings fetch it started after the publish
 * answers with the round's pairings: push, a JSON whose ETag version is at least the publish's
 * `pairings:` change; polling, an RSC body naming the last team (`marker`).
 */
import http from "node:http";
import { gunzipSync } from "node:zlib";

export type Mode = "push" | "polling";

export interface PhoneSpec {
  origin: string; // http://127.0.0.1:PORT
  eventId: string;
  /** Session cookie of a signed-in duelist; spectators have none. */
  cookie?: string;
  teamId?: string;
}

export interface PhoneStats {
  requests: number;
  notModified: number;
  bytes: number;
  errors: number;
  streamOpens: number;
  changes: number;
}

export const stats: PhoneStats = { requests: 0, notModified: 0, bytes: 0, errors: 0, streamOpens: 0, changes: 0 };

interface Got {
  status: number;
  etag: string | null;
  /** The body as text (gunzipped when it came gzipped; done on first use, so a check that needs only the ETag costs no gunzip). */
  text(): string;
}

/** A GET as a phone's browser sends it (Accept-Encoding gzip); `bytes` counts what crossed the wire. */
function get(agent: http.Agent, url: string, headers: Record<string, string>): Promise<Got> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers: { "accept-encoding": "gzip", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (b: Buffer) => chunks.push(b));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        stats.requests++;
        stats.bytes += raw.length;
        if (res.statusCode === 304) stats.notModified++;
        const gz = res.headers["content-encoding"] === "gzip";
        let text: string | null = null;
        resolve({
          status: res.statusCode ?? 0,
          etag: (res.headers.etag as string | undefined) ?? null,
          text: () => (text ??= (gz ? gunzipSync(raw) : raw).toString("utf8")),
        });
      });
      res.on("error", () => {
        stats.errors++;
        resolve({ status: 0, etag: null, text: () => "" });
      });
    });
    req.setTimeout(120_000, () => req.destroy());
    req.on("error", () => {
      stats.errors++;
      resolve({ status: 0, etag: null, text: () => "" });
    });
  });
}

/** One parsed server-sent event. */
export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/**
 * Opens an event stream and calls `onEvent` per event; on close or error reconnects after
 * 1–3 s with the last id seen (`Last-Event-ID`) until `stop()`. `onOpen` gets the HTTP status.
 */
export function openStream(
  url: string,
  headers: Record<string, string>,
  onEvent: (e: SseEvent) => void,
  onOpen?: (status: number) => void,
): { stop(): void } {
  let stopped = false;
  let lastId: string | undefined;
  let req: http.ClientRequest | null = null;
  const connect = () => {
    if (stopped) return;
    const h: Record<string, string> = { accept: "text/event-stream", ...headers };
    if (lastId) h["last-event-id"] = lastId;
    req = http.get(url, { agent: false, headers: h }, (res) => {
      onOpen?.(res.statusCode ?? 0);
      if (res.statusCode !== 200) {
        res.resume();
        res.on("end", retry);
        return;
      }
      stats.streamOpens++;
      res.setEncoding("utf8");
      let buf = "";
      res.on("data", (s: string) => {
        buf += s;
        let i: number;
        while ((i = buf.indexOf("\n\n")) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const e: SseEvent = { event: "message", data: "" };
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) continue;
            const k = line.indexOf(":");
            const field = k < 0 ? line : line.slice(0, k);
            const value = k < 0 ? "" : line.slice(k + 1).replace(/^ /, "");
            if (field === "id") e.id = value;
            else if (field === "event") e.event = value;
            else if (field === "data") e.data = e.data ? `${e.data}\n${value}` : value;
          }
          if (e.id) lastId = e.id;
          if (e.data || e.event !== "message") onEvent(e);
        }
      });
      res.on("end", retry);
      res.on("error", retry);
    });
    req.on("error", retry);
  };
  let retrying = false;
  function retry() {
    if (stopped || retrying) return;
    retrying = true;
    setTimeout(
      () => {
        retrying = false;
        connect();
      },
      1000 + Math.random() * 2000,
    );
  }
  connect();
  return {
    stop() {
      stopped = true;
      req?.destroy();
    },
  };
}

/** A simulated phone; `start()` opens its live connection, `stop()` ends everything. */
export class Phone {
  private agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  private stream: { stop(): void } | null = null;
  private stopped = false;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private coalesceTimer: ReturnType<typeof setTimeout> | null = null;
  private lastCoalescedFetch = 0;
  private dirty = { pairings: false, card: false };
  private etags: Record<string, string> = {};
  private versionEtag: string | null = null;
  private rendered = -1;
  private latest = -1;
  private refreshing = false;
  /** Round whose pairings this phone shows (the round of the latest `pairings:<n>` change). */
  round: number | null = null;
  /** Version of the first `pairings:<n>` change after the publish being measured. */
  private publishedVersion: number | null = null;
  /** Epoch ms of the publish being measured; pairings fetched after it with `marker` set `updatedAt`. */
  publishAt = 0;
  updatedAt = 0;
  connected = false;

  constructor(
    readonly spec: PhoneSpec,
    readonly mode: Mode,
    private readonly marker: string,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { ...(this.spec.cookie ? { cookie: this.spec.cookie } : {}), ...extra };
  }

  /**
   * A pairings fetch started after the publish shows the round: for the push JSON, its ETag names a
   * version at least that of the `pairings:` change that announced the publish (the round is published
   * at that version); otherwise (the polling page's RSC) its body names the round's last team.
   */
  private noteUpdate(startedAt: number, got: Got) {
    if (!this.publishAt || this.updatedAt || startedAt < this.publishAt || got.status !== 200) return;
    const v = /^W\/"v(\d+)"$/.exec(got.etag ?? "");
    const shows = this.publishedVersion !== null && v ? Number(v[1]) >= this.publishedVersion : got.text().includes(this.marker);
    if (shows) this.updatedAt = Date.now();
  }

  start(): void {
    if (this.mode === "push") {
      this.stream = openStream(
        `${this.spec.origin}/api/events/${this.spec.eventId}/stream`,
        this.headers(),
        (e) => this.onEvent(e),
        (status) => {
          if (status === 200) this.connected = true;
        },
      );
    } else {
      this.pollTimer = setTimeout(() => void this.poll(), Math.random() * 1000);
    }
  }

  stop(): void {
    this.stopped = true;
    this.stream?.stop();
    if (this.pollTimer) clearTimeout(this.pollTimer);
    if (this.coalesceTimer) clearTimeout(this.coalesceTimer);
    this.agent.destroy();
  }

  // ---- push

  private onEvent(e: SseEvent) {
    if (e.event !== "change") return;
    stats.changes++;
    let topics: string[] = ["*"];
    try {
      topics = (JSON.parse(e.data) as { topics?: string[] }).topics ?? ["*"];
    } catch {
      /* treat as everything */
    }
    const all = topics.includes("*");
    const published = topics.map((t) => /^pairings:(\d+)$/.exec(t)).find(Boolean);
    if (published) this.round = Number(published[1]);
    if (published && this.publishAt && this.publishedVersion === null) {
      const v = Number((JSON.parse(e.data) as { version?: number }).version);
      if (Number.isFinite(v)) this.publishedVersion = v;
    }
    if (published || all) {
      void this.fetchPairings();
      // The report page fetches its card 0–3 s after a pairings change (the pairings view, with the
      // duelist's own table, goes at once), so 1,500 cards are not read in the same instant.
      if (this.spec.cookie)
        setTimeout(() => void this.fetchJson("card", `/api/events/${this.spec.eventId}/data/card`), Math.random() * 3000);
      return;
    }
    if (topics.some((t) => t === "event" || (this.round !== null && t === `results:${this.round}`))) this.dirty.pairings = true;
    if (this.spec.teamId && topics.includes(`team:${this.spec.teamId}`)) this.dirty.card = true;
    if ((this.dirty.pairings || this.dirty.card) && !this.coalesceTimer) {
      const wait = Math.max(0, this.lastCoalescedFetch + 5000 - Date.now()) + Math.random() * 2000;
      this.coalesceTimer = setTimeout(() => {
        this.coalesceTimer = null;
        this.lastCoalescedFetch = Date.now();
        const d = this.dirty;
        this.dirty = { pairings: false, card: false };
        if (d.pairings) void this.fetchPairings();
        if (d.card) void this.fetchJson("card", `/api/events/${this.spec.eventId}/data/card`);
      }, wait);
    }
  }

  private fetchPairings() {
    const q = this.round !== null ? `?round=${this.round}` : "";
    return this.fetchJson("pairings", `/api/events/${this.spec.eventId}/data/pairings${q}`);
  }

  private async fetchJson(key: string, path: string): Promise<void> {
    if (this.stopped) return;
    const startedAt = Date.now();
    const etag = this.etags[key];
    const got = await get(this.agent, `${this.spec.origin}${path}`, this.headers(etag ? { "if-none-match": etag } : {}));
    if (got.etag && got.status === 200) this.etags[key] = got.etag;
    if (key === "pairings") this.noteUpdate(startedAt, got);
  }

  /**
   * What the first paint gives the page before its live connection: the polling page's rendered
   * version (read here from the version route); a push duelist's report page renders its team card
   * (the same read as `/data/card`, which this stands in for; the card is then held by that process).
   * A push spectator needs nothing: its first refetch, on its first change, goes without If-None-Match.
   */
  async initial(): Promise<void> {
    if (this.mode === "polling") {
      const got = await get(this.agent, `${this.spec.origin}/api/events/${this.spec.eventId}/version`, this.headers());
      if (got.status === 200) {
        this.versionEtag = got.etag;
        this.rendered = this.latest = (JSON.parse(got.text()) as { version: number }).version;
      }
    } else if (this.spec.cookie) await this.fetchJson("card", `/api/events/${this.spec.eventId}/data/card`);
    this.connected = this.mode === "polling";
  }

  // ---- polling

  private async poll(): Promise<void> {
    if (this.stopped) return;
    const got = await get(
      this.agent,
      `${this.spec.origin}/api/events/${this.spec.eventId}/version`,
      this.headers(this.versionEtag ? { "if-none-match": this.versionEtag } : {}),
    );
    if (got.status === 200) {
      this.versionEtag = got.etag;
      try {
        this.latest = (JSON.parse(got.text()) as { version: number }).version;
      } catch {
        /* keep the last one */
      }
    }
    if (this.latest !== this.rendered && !this.refreshing) void this.refresh();
    if (!this.stopped) this.pollTimer = setTimeout(() => void this.poll(), got.status === 0 ? 2000 : 1000);
  }

  private async refresh(): Promise<void> {
    this.refreshing = true;
    const target = this.latest;
    const startedAt = Date.now();
    const rsc = this.headers({ rsc: "1" });
    const e = this.spec.eventId;
    const [pairings] = await Promise.all([
      get(this.agent, `${this.spec.origin}/events/${e}/pairings?_rsc`, rsc),
      this.spec.cookie ? get(this.agent, `${this.spec.origin}/events/${e}/report?_rsc`, rsc) : Promise.resolve(null),
    ]);
    this.noteUpdate(startedAt, pairings);
    if (pairings.status === 200) this.rendered = target;
    this.refreshing = false;
  }
}
