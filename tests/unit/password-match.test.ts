import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { ApiRegisterSchema, PasswordChangeSchema, RegisterSchema } from "~/lib/schemas/auth";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

describe("'Passwords do not match' shows together with the other fields' messages", () => {
  it("register: several fields wrong and the passwords different", () => {
    const submission = parseWithZod(
      form({ firstName: "", lastName: "", email: "not-an-email", username: "a!", password: "secret-1", confirmPassword: "secret-2" }),
      { schema: RegisterSchema },
    );
    expect(submission.status).toBe("error");
    const errors = submission.status === "error" ? submission.error : {};
    expect(errors).toMatchObject({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Please enter a valid email address"],
      terms: ["You must accept the terms and conditions"],
      confirmPassword: ["Passwords do not match"],
    });
  });

  it("password change: the current password missing and the new ones different", () => {
    const submission = parseWithZod(form({ currentPassword: "", newPassword: "secret-1", confirmPassword: "secret-2" }), {
      schema: PasswordChangeSchema,
    });
    expect(submission.status === "error" ? submission.error : {}).toEqual({
      currentPassword: ["Current password is required"],
      confirmPassword: ["Passwords do not match"],
    });
  });

  it("the JSON register body too, and not when they match or one is missing", () => {
    const wrong = ApiRegisterSchema.safeParse({ email: "x", password: "secret-1", confirmPassword: "secret-2" });
    expect(wrong.error?.issues.find((i) => i.path.join(".") === "confirmPassword")?.message).toBe("Passwords do not match");
    const same = PasswordChangeSchema.safeParse({ currentPassword: "", newPassword: "secret-1", confirmPassword: "secret-1" });
    expect(same.error?.issues.map((i) => i.message)).toEqual(["Current password is required"]);
    const missing = PasswordChangeSchema.safeParse({ currentPassword: "old-secret", newPassword: "secret-1" });
    expect(missing.error?.issues.map((i) => i.message)).toEqual(["Please confirm your new password"]);
  });
});
