/**
 * Onboarding, "Tham gia công ty": find the company by its tax code (or its exact name), then ask to
 * join it. The company's owner accepts or refuses; until then the company shows "Chờ xác nhận" in
 * the workspace list.
 */
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { CompanySummary } from '@contract/company';
import { normalizeTaxCode } from '@contract/tax-code';
import { apiErrorMessage } from '@/api/api-error';
import { required } from '@/ui/input-rules';
import { ProblemAlert } from '@/ui/problem';
import { RuleTextInput } from '@/ui/rule-text-input';
import { askToJoin, findCompany } from '../api/company-api';

/** Digits (with the spaces, dots or hyphen people type) are a tax code; anything else a name. */
function queryOf(text: string): { tax_code: string } | { title: string } {
  return /^[\d\s.-]+$/.test(text) ? { tax_code: normalizeTaxCode(text) } : { title: text };
}

export function JoinCompanyForm({ onAsked }: { onAsked: () => void }) {
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<CompanySummary | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function look(event: FormEvent) {
    event.preventDefault();
    if (!search.trim()) return;
    setBusy(true);
    setProblem(null);
    try {
      setFound(await findCompany(queryOf(search.trim())));
    } catch (caught) {
      setProblem(apiErrorMessage(caught, 'Không tìm được công ty. Vui lòng thử lại.'));
    } finally {
      setBusy(false);
    }
  }

  async function ask(company: CompanySummary) {
    setBusy(true);
    setProblem(null);
    try {
      await askToJoin(company.id);
      onAsked();
    } catch (caught) {
      setProblem(apiErrorMessage(caught, 'Không gửi được yêu cầu. Vui lòng thử lại.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm">
      <form onSubmit={(event) => void look(event)} noValidate>
        <Stack gap="sm">
          <RuleTextInput
            label="Mã số thuế hoặc tên công ty"
            description="Nhập đúng mã số thuế, hoặc tên đầy đủ của công ty"
            value={search}
            onChange={(value) => {
              setSearch(value);
              setFound(undefined);
            }}
            rules={[required()]}
            name="company_search"
          />
          <Button type="submit" variant="light" loading={busy && found === undefined}>
            Tìm công ty
          </Button>
        </Stack>
      </form>
      <ProblemAlert problem={problem} />
      {found === null && (
        <Text size="sm" c="dimmed" data-testid="company-not-found">
          Không tìm thấy công ty. Hãy kiểm tra lại mã số thuế, hoặc đăng ký công ty mới.
        </Text>
      )}
      {found && (
        <Card withBorder radius="md" data-testid="company-found">
          <Group wrap="nowrap" gap="sm">
            <IconBuilding size={28} color="var(--mantine-color-teal-7)" style={{ flexShrink: 0 }} />
            <div style={{ minWidth: 0, flex: 1 }}>
              <Text fw={600}>{found.title}</Text>
              <Text size="xs" c="dimmed">
                {found.type}
              </Text>
            </div>
          </Group>
          <Button mt="sm" fullWidth loading={busy} onClick={() => void ask(found)}>
            Gửi yêu cầu tham gia
          </Button>
        </Card>
      )}
    </Stack>
  );
}
