"""The deployment docs/desk.md shows, run on this machine: deploy/rollwrite-desk.service's command starts
two desks on one PostgreSQL (each as on a machine of its own), and deploy/nginx.conf puts nginx in front
of them over HTTPS.  Only the addresses change for the test: the desks listen on 127.0.0.1 (free ports),
nginx on a free port of 127.0.0.1, with a certificate made for the test.  Through nginx: the page (its
cookies Secure: the desks trust the proxy's X-Forwarded-Proto), a submission, a seed with a slash; a
client's forged X-Forwarded-For goes no further; one desk killed, the other answers.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from desk_server import ROLLWRITE, Server, free_port
from pg_server import needs_postgres

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "deploy" / "rollwrite-desk.service"
SITE = ROOT / "deploy" / "nginx.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
needs_nginx = pytest.mark.skipif(not Path(NGINX).exists() and os.environ.get("CI") != "true",
                                 reason="no nginx (apt-get install nginx; .ci/run installs it)")
PAGE = "/play/wobbly-cafe/daily/2026-11-22"


def unit() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in UNIT.read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            k, v = line.split("=", 1)
            out.setdefault(k, []).append(v)
    return out


def test_the_unit_file_is_one_systemd_reads():
    if not shutil.which("systemd-analyze"):
        pytest.skip("no systemd-analyze on this machine")
    u = unit()
    exe = Path(sys.executable).with_name("rollwrite")
    text = UNIT.read_text(encoding="utf-8").replace("/opt/rollwrite/bin/rollwrite", str(exe))
    scratch = Path(os.environ.get("TMPDIR", "/tmp")) / f"rollwrite-desk-{os.getpid()}.service"
    scratch.write_text(text, encoding="utf-8")
    try:
        done = subprocess.run(["systemd-analyze", "verify", str(scratch)], capture_output=True, text=True, timeout=60)
    finally:
        scratch.unlink()
    assert done.returncode == 0, done.stderr
    assert u["ExecStart"][0].startswith("/opt/rollwrite/bin/rollwrite serve ")
    # the database's URL comes from the environment file, its password from a credential file: neither is
    # on the command line, which every user of the machine sees
    assert "--db " not in u["ExecStart"][0] and "--db-password-file ${CREDENTIALS_DIRECTORY}/" in u["ExecStart"][0]


def _desk_command(port: int, password_file: Path, log: Path) -> list[str]:
    """The unit's ExecStart, with this test's rollwrite, a local address and port, and its files."""
    words = shlex.split(unit()["ExecStart"][0].replace("${CREDENTIALS_DIRECTORY}/db-password", str(password_file)))
    words[words.index("--host") + 1] = "127.0.0.1"
    words[words.index("--port") + 1] = str(port)
    words[words.index("--proxy") + 1] = "127.0.0.1"
    words[words.index("--access-log") + 1] = str(log)
    return [*ROLLWRITE, *words[1:], "--open-days", "3660", "--workers", "1"]


def _nginx_conf(tmp: Path, port: int, desks: list[int]) -> Path:
    site = SITE.read_text(encoding="utf-8")
    servers = re.findall(r"server (10\.0\.0\.\d+:8000)", site)
    assert len(servers) >= 2  # several desk machines
    for address, desk in zip(servers, desks):
        site = site.replace(f"server {address}", f"server 127.0.0.1:{desk}")
    site = site.replace("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;").replace("listen [::]:443 ssl;", "")
    site = site.replace("listen 80;", f"listen 127.0.0.1:{free_port()};").replace("listen [::]:80;", "")
    site = site.replace("/etc/letsencrypt/live/desk.example.org/fullchain.pem", str(tmp / "cert.pem"))
    site = site.replace("/etc/letsencrypt/live/desk.example.org/privkey.pem", str(tmp / "key.pem"))
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                    "/CN=desk.example.org", "-keyout", str(tmp / "key.pem"), "-out", str(tmp / "cert.pem")],
                   check=True, capture_output=True, timeout=60)
    (tmp / "site.conf").write_text(site, encoding="utf-8")
    main = tmp / "nginx.conf"
    user = "user root;\n" if os.geteuid() == 0 else ""
    main.write_text(f"""{user}daemon off;
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log;
events {{ worker_connections 512; }}
http {{
    access_log {tmp}/access.log;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    include {tmp}/site.conf;
}}
""", encoding="utf-8")
    return main


@needs_postgres
@needs_nginx
def test_two_desks_on_one_postgresql_behind_nginx_as_docs_desk_md_shows(postgres, tmp_path):
    url = postgres.create("deployed")
    env_db = url.replace("postgresql+psycopg://", "postgresql://")
    password = tmp_path / "db-password"
    password.write_text("unused: the test server trusts its socket\n")
    ports = [free_port(), free_port()]
    desks = []
    for n, port in enumerate(ports):
        server = Server(url, port=port, env={"ROLLWRITE_DESK_DB": env_db})
        log = tmp_path / f"access-{n}.log"
        cmd = _desk_command(port, password, log)
        server.proc = subprocess.Popen(cmd, stdout=server.output, stderr=subprocess.STDOUT,
                                       env={**os.environ, "ROLLWRITE_DESK_DB": env_db})
        desks.append((server, log))
    nginx_port = free_port()
    conf = _nginx_conf(tmp_path, nginx_port, ports)
    check = subprocess.run([NGINX, "-t", "-c", str(conf)], capture_output=True, text=True, timeout=60)
    assert check.returncode == 0, check.stderr
    nginx = subprocess.Popen([NGINX, "-c", str(conf)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for server, _log in desks:
            assert _wait(server)
            server.ready(PAGE)
        base = f"https://127.0.0.1:{nginx_port}"
        headers = {"Host": "desk.example.org", "X-Forwarded-For": "198.51.100.7"}
        sheet = (ROOT / "examples/wobbly-cafe/daily-2026-11-22.txt").read_text(encoding="utf-8")
        with httpx.Client(base_url=base, verify=False, headers=headers, timeout=60) as client:
            page = client.get(PAGE)
            assert page.status_code == 200
            assert all("secure" in c.lower() for c in page.headers.get_list("set-cookie"))
            token = client.cookies.get("desk_csrf")
            for name in ("Ann", "Bob", "Cy", "Di"):
                sent = client.post(PAGE + "/submit", data={"csrf": token, "name": name, "text": sheet},
                                   headers={"Origin": "https://desk.example.org"})
                assert sent.status_code in (200, 303), sent.text
            places = client.get(PAGE + "/leaderboard.json").json()["places"]
            assert [p["name"] for p in places] == ["Ann", "Bob", "Cy", "Di"]
            slash = client.get("/play/wobbly-cafe/seed/club%2F7/leaderboard.json")
            assert slash.json()["id"] == "wobbly-cafe#club/7"
            assert client.get("/", headers={"Host": "evil.example"}).status_code == 400
            desks[0][0].proc.send_signal(signal.SIGKILL)  # a desk machine lost: the other answers
            desks[0][0].proc.wait(10)
            for _ in range(4):
                assert client.get(PAGE + "/leaderboard.json").json()["places"] == places
        logs = "".join(log.read_text() for _s, log in desks if log.exists())
        seen = re.findall(r"^(\S+) - - \[", logs, flags=re.M)
        assert seen and set(seen) == {"127.0.0.1"}  # nginx's own client address, not the forged one
        assert "198.51.100.7" not in logs
    finally:
        nginx.terminate()
        nginx.wait(20)
        for server, _log in desks:
            server.stop()


def _wait(server: Server) -> bool:
    for _ in range(600):
        if server.proc.poll() is not None:  # type: ignore[union-attr]
            raise RuntimeError("a desk stopped: " + server.said())
        try:
            httpx.get(server.url + "/static/desk.css", timeout=2)
            return True
        except httpx.HTTPError:
            time.sleep(0.1)
    return False
