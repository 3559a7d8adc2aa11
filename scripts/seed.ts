import { openDatabase } from "~/db/client.server";
import { getEnv } from "~/utils/env.server";
import { seedDemoData } from "./lib/seed";

const env = getEnv();
const db = openDatabase(env.DATABASE_PATH);
await seedDemoData(db, console.log);
db.$client.close();
