// Online smart pricing (docs/product.md §2 dialogs, §4 quote dialog, §5, §8): the form, then the result;
// '重新计算' returns to the form with its values. The served-owners count shows above and is refreshed
// after each quote; its failure is silent.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type EstimateBody, type EstimateData, LEAD_KIND_LABELS, Messages, routes } from "@yj/contract";
import { useState } from "react";
import { useApi } from "../../lib/api-context";
import { apiQuery } from "../../lib/queries";
import { useStore } from "../../lib/store";
import styles from "./estimate.module.css";
import { EstimateFormView } from "./estimate-form";
import { EstimateResult } from "./estimate-result";
import { type EstimateForm, estimateBody } from "./lead-rules";
import { Modal } from "./modal";

export default function EstimateDialog({ onClose }: { onClose(): void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const store = useStore();
  const [form, setForm] = useState<EstimateForm>(() => {
    const { province, cityName } = store.getState();
    return {
      province,
      city: cityName,
      area: "",
      room: 1,
      hall: 1,
      wei: 1,
      isSoft: false,
      isElectric: false,
      phone: store.getState().phoneNum ?? "",
      consent: false,
      marketing: false,
    };
  });
  const served = apiQuery(api, routes.servedCount);
  const { data: servedCount } = useQuery({ ...served, meta: { quiet: true }, staleTime: 0 });
  const quote = useMutation({
    mutationFn: (body: EstimateBody) => api.post(routes.estimate, body),
    meta: { quiet: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: served.queryKey }),
  });
  const result: EstimateData | undefined = quote.data;

  return (
    <Modal title={result ? "您的装修报价" : LEAD_KIND_LABELS.estimate} onClose={onClose} wide>
      {servedCount !== undefined && (
        <p className={styles.served} data-testid="served-count">
          已为 <strong>{servedCount}</strong> 位业主提供报价
        </p>
      )}
      {result ? (
        <EstimateResult data={result} form={form} onRecalculate={() => quote.reset()} />
      ) : (
        <EstimateFormView
          form={form}
          onChange={setForm}
          pending={quote.isPending}
          failure={quote.isError ? Messages.networkError : undefined}
          onSubmit={(valid) => quote.mutate(estimateBody(valid))}
        />
      )}
    </Modal>
  );
}
