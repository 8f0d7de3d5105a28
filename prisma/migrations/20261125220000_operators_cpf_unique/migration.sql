-- Issue 19: an operator always has a CPF, one operator per CPF in an account.

-- AlterTable
ALTER TABLE "operators" ALTER COLUMN "cpf" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "operators_account_id_cpf_key" ON "operators"("account_id", "cpf");
