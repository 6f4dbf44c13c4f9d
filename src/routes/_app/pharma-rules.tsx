import { createFileRoute } from '@tanstack/react-router';
import { PharmaRulesScreen } from '@/features/pharma/components/pharma-rules-screen';
import { useSession } from '@/session/session-store';

// docs/pharma.md: the company's block / warn / allow per pharma rule, and who may buy which drug.
export const Route = createFileRoute('/_app/pharma-rules')({
  staticData: { title: 'Quy tắc bán thuốc' },
  component: PharmaRulesPage,
});

function PharmaRulesPage() {
  const { company } = useSession();
  if (!company) return null;
  return <PharmaRulesScreen companyId={company.id} />;
}
