import { ContractDetail } from "@client/features/contracts/components/contract-detail";
import { EditContract, NewContract } from "@client/features/contracts/components/contract-pages";
import { ContractsList } from "@client/features/contracts/components/contracts-list";
import { Route, Routes, useParams } from "react-router";

function Detail() {
  const { id = "" } = useParams();
  return <ContractDetail key={id} id={id} />;
}

function Edit() {
  const { id = "" } = useParams();
  return <EditContract key={id} id={id} />;
}

/**
 * /app/contracts/* — the contracts area owns its nested screens (list, new, :id, :id/edit), relative to
 * paths.app.contracts; the router loads this module lazily for the whole area.
 */
export function Component() {
  return (
    <Routes>
      <Route index element={<ContractsList />} />
      <Route path="new" element={<NewContract />} />
      <Route path=":id" element={<Detail />} />
      <Route path=":id/edit" element={<Edit />} />
    </Routes>
  );
}
