import { openDatabase } from "~/db/client.server";
import { getEnv } from "~/utils/env.server";

const env = getEnv();
openDatabase(env.DATABASE_PATH).$client.close();
console.log(`Migrations applied to ${env.DATABASE_PATH}`);
