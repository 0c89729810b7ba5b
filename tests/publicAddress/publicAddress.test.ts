/** Issue #13 item 5: the public address printed links use — setting → PUBLIC_URL → LAN; never loopback. */
import { describe, expect, it } from "vitest";
import { choosePublicAddress, isLoopbackHost, lanAddresses, linkOn, parsePublicUrl } from "@/lib/publicAddress";

const LAN_ONLY = {
  lo: [
    { address: "127.0.0.1", family: "IPv4", internal: true },
    { address: "::1", family: "IPv6", internal: true },
  ],
  docker0: [{ address: "172.17.0.1", family: "IPv4", internal: false }],
  wlan0: [
    { address: "169.254.3.4", family: "IPv4", internal: false },
    { address: "192.168.1.20", family: "IPv4", internal: false },
    { address: "fe80::1", family: "IPv6", internal: false },
  ],
  vpn0: [{ address: "100.64.0.7", family: 4, internal: false }],
};

describe("public address", () => {
  it("only loopback known: no URL, and the source says so (printed pages explain instead of printing localhost)", () => {
    const lan = lanAddresses({ lo: LAN_ONLY.lo });
    expect(lan).toEqual([]);
    const a = choosePublicAddress({ setting: null, envUrl: undefined, lan, port: 3000 });
    expect(a).toEqual({ url: null, source: "loopback" });
    expect(linkOn(a, "/claim?code=ABCD-EFGH")).toBeNull();
  });

  it("LAN address: 192.168 before a container bridge (172.17), link-local and loopback skipped, with the server's port", () => {
    expect(lanAddresses(LAN_ONLY)).toEqual(["192.168.1.20", "172.17.0.1", "100.64.0.7"]);
    expect(choosePublicAddress({ setting: null, envUrl: undefined, lan: ["192.168.1.20"], port: 3000 })).toEqual({
      url: "http://192.168.1.20:3000",
      source: "lan",
    });
    expect(choosePublicAddress({ setting: null, envUrl: undefined, lan: ["10.0.0.5"], port: 80 }).url).toBe("http://10.0.0.5");
  });

  it("the organizer's setting wins over PUBLIC_URL, which wins over the LAN address", () => {
    const lan = ["192.168.1.20"];
    expect(choosePublicAddress({ setting: "https://tandem.example.org/", envUrl: "http://10.1.1.1:3000", lan, port: 3000 })).toEqual({
      url: "https://tandem.example.org",
      source: "setting",
    });
    expect(choosePublicAddress({ setting: null, envUrl: "http://10.1.1.1:3000", lan, port: 3000 })).toEqual({
      url: "http://10.1.1.1:3000",
      source: "env",
    });
    // A PUBLIC_URL pointing at localhost is ignored, not printed; so is npm start's NEXTAUTH_URL.
    expect(
      choosePublicAddress({ setting: null, envUrl: "http://localhost:3000", authUrl: "http://localhost:3000", lan, port: 3000 }),
    ).toEqual({ url: "http://192.168.1.20:3000", source: "lan" });
    // A deployed site's NEXTAUTH_URL is its public address when PUBLIC_URL is unset.
    expect(choosePublicAddress({ setting: null, envUrl: undefined, authUrl: "https://tandem.example.org", lan, port: 3000 })).toEqual({
      url: "https://tandem.example.org",
      source: "env",
    });
    expect(linkOn({ url: "https://t.example/tandem", source: "setting" }, "/claim?code=ABCD-EFGH")).toBe(
      "https://t.example/tandem/claim?code=ABCD-EFGH",
    );
  });

  it("a typed address is refused when phones could not use it", () => {
    for (const host of ["localhost", "app.localhost", "127.0.0.1", "127.1.2.3", "[::1]", "0.0.0.0"])
      expect(isLoopbackHost(new URL(`http://${host}:3000`).hostname), host).toBe(true);
    expect(parsePublicUrl("http://localhost:3000")).toEqual({ ok: false, problem: "LOOPBACK" });
    expect(parsePublicUrl("http://[::1]:3000")).toEqual({ ok: false, problem: "LOOPBACK" });
    expect(parsePublicUrl("ftp://192.168.1.20")).toEqual({ ok: false, problem: "SCHEME" });
    expect(parsePublicUrl("mailto:x@example.org")).toEqual({ ok: false, problem: "SCHEME" });
    expect(parsePublicUrl("192.168.1.20:3000")).toEqual({ ok: true, url: "http://192.168.1.20:3000" });
    expect(parsePublicUrl("not a url")).toEqual({ ok: false, problem: "FORMAT" });
    expect(parsePublicUrl("http://192.168.1.20:3000/?x=1")).toEqual({ ok: false, problem: "PATH" });
    expect(parsePublicUrl(" HTTP://Tandem.Example.org:8080/app/ ")).toEqual({ ok: true, url: "http://tandem.example.org:8080/app" });
  });
});
