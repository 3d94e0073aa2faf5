// Staff management (管理员 only): create a member with a role (their one-time password is shown
// once), change the role or the work phone, disable or enable, reset the password.
import {
  type BodyOf,
  type DataOf,
  type EndpointOf,
  STAFF_PHONE_PATTERN,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffRole,
  type StaffRow,
} from "@yj/contract";
import { Button, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { get, post, routes } from "../api";
import { timeColumn } from "../kit/columns";
import { Item, TextItem } from "../kit/form-items";
import { formatTime } from "../kit/format";
import { SaveModal } from "../kit/save-modal";
import { MainAction, TitledPage } from "../kit/titled-page";
import { useAction } from "../kit/use-action";
import { useSession } from "../session";
import { useLoad } from "../use-load";

type NewStaff = BodyOf<EndpointOf<typeof routes.adminStaffCreate>>;
type CreatedStaff = DataOf<EndpointOf<typeof routes.adminStaffCreate>>;

const roleOptions = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

function OneTimePassword({
  shown,
  onClose,
}: {
  shown: { username: string; password: string } | null;
  onClose(): void;
}) {
  return (
    <Modal
      open={!!shown}
      title="一次性密码"
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ hidden: true }}
      okText="我已记下"
    >
      {shown && (
        <Space orientation="vertical">
          <Typography.Text>
            请把下面的一次性密码交给 <b>{shown.username}</b>。它只显示这一次，首次登录时须修改。
          </Typography.Text>
          <Typography.Text code copyable style={{ fontSize: 20 }} data-testid="one-time-password">
            {shown.password}
          </Typography.Text>
        </Space>
      )}
    </Modal>
  );
}

export function StaffPage() {
  const { me } = useSession();
  const { data, loading, reload } = useLoad(() => get(routes.adminStaffList));
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ username: string; password: string } | null>(null);
  const run = useAction(reload);

  const reset = (row: StaffRow) =>
    run(async () => {
      const result = await post(routes.adminStaffResetPassword, { id: row.id });
      setShown({ username: row.username, password: result.oneTimePassword });
    }, "密码已重置");

  return (
    <TitledPage title="员工" action={<MainAction onClick={() => setCreating(true)}>新建员工</MainAction>}>
      <Table<StaffRow>
        rowKey="id"
        loading={loading}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          { title: "用户名", dataIndex: "username" },
          { title: "姓名", dataIndex: "displayName" },
          {
            // The owners of the member's projects see this phone in 我的装修 (docs/decisions/0073).
            title: "电话",
            dataIndex: "phone",
            render: (phone: string, row) =>
              row.id === me.id ? (
                phone || "—"
              ) : (
                <Typography.Text
                  editable={{
                    tooltip: `修改 ${row.displayName} 的电话`,
                    text: phone,
                    onChange: (next) => {
                      const value = next.trim();
                      // The contract checks the format; its message is the toast on a refusal.
                      if (value !== phone)
                        void run(() => post(routes.adminStaffUpdate, { id: row.id, phone: value }), "电话已修改");
                    },
                  }}
                >
                  {phone || "—"}
                </Typography.Text>
              ),
          },
          {
            title: "角色",
            dataIndex: "role",
            render: (role: StaffRole, row) =>
              row.id === me.id ? (
                STAFF_ROLE_LABELS[role]
              ) : (
                <Select
                  size="small"
                  value={role}
                  options={roleOptions}
                  style={{ width: 120 }}
                  onChange={(next) =>
                    run(() => post(routes.adminStaffUpdate, { id: row.id, role: next }), "角色已修改")
                  }
                />
              ),
          },
          {
            title: "状态",
            key: "status",
            render: (_, row) => (
              <Space size={4}>
                {row.disabled ? <Tag>已停用</Tag> : <Tag color="green">正常</Tag>}
                {row.mustChangePassword && <Tag color="orange">待改初始密码</Tag>}
              </Space>
            ),
          },
          { title: "最近登录", dataIndex: "lastLoginAt", render: (v: string | null) => (v ? formatTime(v) : "—") },
          timeColumn("创建时间"),
          {
            title: "操作",
            key: "actions",
            render: (_, row) =>
              row.id === me.id ? (
                <Typography.Text type="secondary">当前账号</Typography.Text>
              ) : (
                <Space>
                  <Popconfirm
                    title={row.disabled ? `启用 ${row.displayName}？` : `停用 ${row.displayName}？停用后立即退出登录`}
                    onConfirm={() =>
                      run(
                        () => post(routes.adminStaffUpdate, { id: row.id, disabled: !row.disabled }),
                        row.disabled ? "已启用" : "已停用",
                      )
                    }
                  >
                    <Button size="small" danger={!row.disabled}>
                      {row.disabled ? "启用" : "停用"}
                    </Button>
                  </Popconfirm>
                  <Popconfirm title={`重置 ${row.displayName} 的密码？`} onConfirm={() => reset(row)}>
                    <Button size="small">重置密码</Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <SaveModal<NewStaff, CreatedStaff>
        open={creating}
        title="新建员工"
        okText="创建"
        failedText="创建失败"
        initialValues={{ username: "", displayName: "", phone: "", role: "sales" }}
        onSave={(values) => post(routes.adminStaffCreate, values)}
        onClose={() => setCreating(false)}
        onSaved={(created) => {
          setCreating(false);
          setShown({ username: created.staff.username, password: created.oneTimePassword });
          reload();
        }}
      >
        <TextItem
          label="用户名"
          name="username"
          extra="3–32 位字母、数字、下划线或短横线，用于登录"
          required="请输入用户名"
          rules={[{ pattern: /^[A-Za-z0-9_-]{3,32}$/, message: "用户名为 3–32 位字母、数字、下划线或短横线" }]}
          input={{ autoComplete: "off" }}
        />
        <TextItem label="姓名" name="displayName" required="请输入姓名" maxLength={32} />
        <TextItem
          label="电话"
          name="phone"
          extra="选填，业主在“我的装修”中可见"
          maxLength={20}
          rules={[{ pattern: STAFF_PHONE_PATTERN, message: "电话格式不正确" }]}
        />
        <Item label="角色" name="role" required="请选择角色">
          <Select options={roleOptions} />
        </Item>
      </SaveModal>
      <OneTimePassword shown={shown} onClose={() => setShown(null)} />
    </TitledPage>
  );
}
