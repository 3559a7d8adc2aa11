/**
 * Writes data-seed/demo-cordata.txt, the demo registry file in the state's layout (loaded by the
 * demo seed through the importer). Rerun after changing demoCordataRecords; commit the file.
 */
import fs from "node:fs";
import iconv from "iconv-lite";
import { formatCordataLine } from "~/lib/cordata-writer";
import { demoCordataRecords } from "./lib/registry-generator";

const file = "data-seed/demo-cordata.txt";
fs.mkdirSync("data-seed", { recursive: true });
const text = demoCordataRecords().map((r) => `${formatCordataLine(r)}\r\n`).join("");
fs.writeFileSync(file, iconv.encode(text, "latin1"));
console.log(`wrote ${file}`);
