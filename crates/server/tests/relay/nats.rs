//! A real `nats-server` for the tests of several nodes (the relay tests of the server, the
//! cluster tests of `tapis serve`), started on a free port and stopped when dropped.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A real `nats-server` of this test process on a free port of the loopback, stopped when
/// dropped: Debian's, installed first when it is missing and the tests run as root on Debian (as
/// the PostgreSQL helper installs PostgreSQL); otherwise the test fails, saying how to install it.
pub struct Nats {
    port: u16,
    server: Option<Child>,
}

impl Nats {
    pub fn start() -> Nats {
        // A free port may be taken between the look and the bind: a few tries.
        for _ in 0..5 {
            let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
            let mut nats = Nats { port, server: None };
            if nats.run() {
                return nats;
            }
        }
        panic!("nats-server did not start");
    }

    /// Starts `nats-server` on `self.port`; false if it stopped instead (the port was taken).
    fn run(&mut self) -> bool {
        let program = nats_server();
        let mut server = Command::new(program)
            .args(["-a", "127.0.0.1", "-p", &self.port.to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
        for _ in 0..400 {
            if server.try_wait().ok().flatten().is_some() {
                return false;
            }
            if std::net::TcpStream::connect(("127.0.0.1", self.port)).is_ok() {
                self.server = Some(server);
                return true;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        let _ = server.kill();
        let _ = server.wait();
        false
    }

    /// Kills the server: every node loses NATS.
    pub fn kill(&mut self) {
        if let Some(mut server) = self.server.take() {
            let _ = server.kill();
            let _ = server.wait();
        }
    }

    /// Starts it again on the same port after [`Nats::kill`].
    pub fn restart(&mut self) {
        assert!(self.run(), "nats-server did not start again");
    }

    pub fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }
}

fn nats_server() -> &'static str {
    let find =
        || ["/usr/sbin/nats-server", "/usr/bin/nats-server"].into_iter().find(|p| std::path::Path::new(p).is_file());
    crate::debian::find_or_install("nats-server", "the relay and cluster tests", find)
        .unwrap_or_else(|| panic!("The relay and cluster tests need NATS's server: sudo apt-get install nats-server"))
}

impl Drop for Nats {
    fn drop(&mut self) {
        self.kill();
    }
}
