import { createBrowserRouter } from "react-router";
import { ConsoleLayout } from "./layout";
import { AfterSaleListPage } from "./pages/after-sale-list";
import { ArticleEditorPage } from "./pages/article-editor";
import { ArticleListPage } from "./pages/article-list";
import { AuditPage } from "./pages/audit";
import { BannersPage } from "./pages/banners";
import { CategoriesPage } from "./pages/categories";
import { ChangePasswordPage } from "./pages/change-password";
import { ChatInboxPage } from "./pages/chat-inbox";
import { CityPricesPage } from "./pages/city-prices";
import { CustomerDataPage } from "./pages/customer-data";
import { DashboardPage } from "./pages/dashboard";
import { GoodsCreatePage } from "./pages/goods-create";
import { GoodsEditorPage } from "./pages/goods-editor";
import { GoodsListPage } from "./pages/goods-list";
import { LeadDetailPage } from "./pages/lead-detail";
import { LeadListPage } from "./pages/lead-list";
import { LoginPage } from "./pages/login";
import { NotFoundPage } from "./pages/not-found";
import { OrderDetailPage } from "./pages/order-detail";
import { OrderListPage } from "./pages/order-list";
import { PackageItemsPage, PackagesPage } from "./pages/packages";
import { ProjectDetailPage } from "./pages/project-detail";
import { ProjectListPage } from "./pages/project-list";
import { ReconciliationPage } from "./pages/reconciliation";
import { SettingsPage } from "./pages/settings";
import { SitePageEditorPage, SitePageListPage } from "./pages/site-pages";
import { StaffPage } from "./pages/staff";
import { StoresPage } from "./pages/stores";
import { RequirePermission, SessionGate } from "./session";

export const router = createBrowserRouter(
  [
    { path: "/login", element: <LoginPage /> },
    {
      path: "/",
      element: <SessionGate />,
      children: [
        { path: "password", element: <ChangePasswordPage /> },
        {
          element: <ConsoleLayout />,
          children: [
            { index: true, element: <RequirePermission permission="dashboard" page={<DashboardPage />} /> },
            { path: "leads", element: <RequirePermission permission="leads" page={<LeadListPage />} /> },
            { path: "leads/:id", element: <RequirePermission permission="leads" page={<LeadDetailPage />} /> },
            { path: "chat", element: <RequirePermission permission="chat" page={<ChatInboxPage />} /> },
            { path: "projects", element: <RequirePermission permission="projects" page={<ProjectListPage />} /> },
            {
              path: "projects/:id",
              element: <RequirePermission permission="projects" page={<ProjectDetailPage />} />,
            },
            { path: "orders", element: <RequirePermission permission="orders" page={<OrderListPage />} /> },
            {
              path: "orders/:orderNo",
              element: <RequirePermission permission="orders" page={<OrderDetailPage />} />,
            },
            {
              path: "after-sales",
              element: <RequirePermission permission="orders" page={<AfterSaleListPage />} />,
            },
            { path: "goods", element: <RequirePermission permission="catalog" page={<GoodsListPage />} /> },
            { path: "goods/new", element: <RequirePermission permission="catalog" page={<GoodsCreatePage />} /> },
            { path: "goods/:id", element: <RequirePermission permission="catalog" page={<GoodsEditorPage />} /> },
            { path: "content", element: <RequirePermission permission="content" page={<ArticleListPage />} /> },
            {
              path: "content/articles/:id",
              element: <RequirePermission permission="content" page={<ArticleEditorPage />} />,
            },
            { path: "content/pages", element: <RequirePermission permission="content" page={<SitePageListPage />} /> },
            {
              path: "content/pages/:slug",
              element: <RequirePermission permission="content" page={<SitePageEditorPage />} />,
            },
            { path: "settings", element: <RequirePermission permission="settings" page={<SettingsPage />} /> },
            { path: "packages", element: <RequirePermission permission="catalog" page={<PackagesPage />} /> },
            {
              path: "packages/:id",
              element: <RequirePermission permission="catalog" page={<PackageItemsPage />} />,
            },
            { path: "categories", element: <RequirePermission permission="catalog" page={<CategoriesPage />} /> },
            { path: "banners", element: <RequirePermission permission="catalog" page={<BannersPage />} /> },
            { path: "stores", element: <RequirePermission permission="catalog" page={<StoresPage />} /> },
            { path: "prices", element: <RequirePermission permission="settings" page={<CityPricesPage />} /> },
            { path: "staff", element: <RequirePermission permission="staff" page={<StaffPage />} /> },
            { path: "audit", element: <RequirePermission permission="audit" page={<AuditPage />} /> },
            { path: "customers", element: <RequirePermission permission="privacy" page={<CustomerDataPage />} /> },
            {
              path: "reconciliation",
              element: <RequirePermission permission="reconciliation" page={<ReconciliationPage />} />,
            },
            { path: "*", element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ],
  { basename: "/admin" },
);
