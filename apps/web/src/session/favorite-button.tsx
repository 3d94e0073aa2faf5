// 收藏 / 已收藏 for a goods (type "1") or an article or case (type "2"), docs/product.md §6/§7/§8. A visitor is
// sent to login and back; a customer adds ('收藏成功') or, on 已收藏, removes ('已取消收藏'). Whether
// it is a favourite comes from the customer's favourites list, refreshed after each change.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FavoriteKind, type FavoritesData, Messages, routes } from "@yj/contract";
import { toast } from "../components/toast";
import { useApi } from "../lib/api-context";
import { apiQuery } from "../lib/queries";
import { useAppState } from "../lib/store";
import { useLoginGate } from "./require-login";

export function isFavorite(list: FavoritesData, id: number, type: FavoriteKind): boolean {
  const items = type === "1" ? list.goods : [...list.article, ...list.example];
  return items.some((item) => item.id === id);
}

export function useFavoriteToggle(id: number, type: FavoriteKind) {
  const api = useApi();
  const queryClient = useQueryClient();
  const favorites = apiQuery(api, routes.favorites);
  return useMutation({
    mutationFn: (add: boolean) => api.get(add ? routes.addFavorite : routes.removeFavorite, { id, type }),
    onSuccess: (_data, add) => {
      toast(add ? Messages.favoriteAdded : Messages.favoriteRemoved, "success");
      // Kept pending until the list is fresh, so the button never shows the old state.
      return queryClient.invalidateQueries({ queryKey: favorites.queryKey });
    },
  });
}

export function FavoriteButton({ id, type, className }: { id: number; type: FavoriteKind; className?: string }) {
  const api = useApi();
  const loggedIn = useAppState((s) => s.loggedIn);
  const gate = useLoginGate();
  const { data } = useQuery({ ...apiQuery(api, routes.favorites), enabled: loggedIn });
  const marked = loggedIn && data !== undefined && isFavorite(data, id, type);
  const toggle = useFavoriteToggle(id, type);

  return (
    <button
      type="button"
      className={className}
      aria-busy={toggle.isPending}
      onClick={() => gate(() => !toggle.isPending && toggle.mutate(!marked))}
      title={marked ? "点击取消收藏" : undefined}
    >
      <span aria-hidden>{marked ? "★" : "☆"}</span> {marked ? "已收藏" : "收藏"}
    </button>
  );
}
