use super::*;

#[test]
fn front_matter_blocks_and_lists() {
    let (meta, body) = parse_skill_md(
        "---\nname: x\ndescription: >\n  Two lines\n  of text\nallowed-tools: [Read, \"Bash(git *)\"]\n---\nBody $ARGUMENTS\n",
    );
    assert_eq!(meta["description"], "Two lines of text");
    assert_eq!(
        tool_list(meta.get("allowed-tools")),
        ["Read", "Bash(git *)"]
    );
    assert_eq!(body, "Body $ARGUMENTS\n");
    // A YAML list (vh_cmd2_allowed_yaml_list).
    let (meta, _) =
        parse_skill_md("---\nallowed-tools:\n  - Bash(touch:*)\n  - \"Read\"\n---\nB\n");
    assert_eq!(
        tool_list(meta.get("allowed-tools")),
        ["Bash(touch:*)", "Read"]
    );
    let (meta, body) = parse_skill_md("no front matter");
    assert!(meta.is_empty());
    assert_eq!(body, "no front matter");
}

/// vk_sk_fm_empty, vk_sk_fm_skill_dir_var, vk_sk_empty_name_call,
/// vk_sk_fm_model_alias / _full_id / _inherit, vk_sk_fm_name_differs_fm,
/// vk_sk_twice_same, vk_sk_same_name_both, vk_sk_fm_ui_false_slash.
#[test]
fn skill_calls_as_the_reference_answers_them() {
    let (meta, body) = parse_skill_md("---\n---\nBODY\n");
    assert!(meta.is_empty());
    assert_eq!(body, "BODY\n");

    let home = tempfile::tempdir().unwrap();
    let ws = tempfile::tempdir().unwrap();
    let write = |root: &Path, name: &str, text: &str| {
        let dir = root.join(".claude/skills").join(name);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("SKILL.md"), text).unwrap();
    };
    write(ws.path(), "dup", "---\ndescription: p\n---\nPROJECT\n");
    write(home.path(), "dup", "---\ndescription: u\n---\nUSER\n");
    write(
        ws.path(),
        "folder",
        "---\nname: other\nmodel: haiku\n---\nAt ${CLAUDE_SKILL_DIR}.\n",
    );
    write(
        ws.path(),
        "inh",
        "---\nmodel: inherit\nuser-invocable: false\n---\nI\n",
    );
    let roots = skill_roots(ws.path(), Some(home.path()), None);
    let skills = discover(&roots);
    let tool = SkillTool::new(SkillList::new(skills.clone()));
    let call_with = |name: &str, args: Option<&str>| {
        tool.answer(
            &SkillInput {
                skill: name.into(),
                args: args.map(str::to_string),
            },
            None,
        )
    };
    let call = |name: &str| call_with(name, None);
    // The user's skill wins a clash of names.
    let dup = call("dup");
    assert!(dup.follow_up.as_deref().unwrap().ends_with("USER\n"));
    tool.results_sent();
    // The same instructions again are not repeated (fuzz-m p02).
    assert_eq!(
        call("dup").follow_up.as_deref().map(String::as_str),
        Some("Skill /dup is already loaded above; instructions unchanged.")
    );
    tool.results_sent();
    // Other ones are, said to be a second call first.
    let again = call_with("dup", Some("x"));
    let parts: Vec<&str> = again
        .follow_up
        .as_deref()
        .unwrap()
        .split(oxagent_core::tool::FOLLOW_UP_BREAK)
        .collect();
    assert_eq!(parts.len(), 2);
    assert!(parts[0].starts_with("(Re-invocation of /dup \u{2014}"));
    // Called by its declared name; the folder variable filled; the alias resolved.
    let other = call("other");
    assert_eq!(other.content.as_text(), "Launching skill: other");
    let dir = ws.path().join(".claude/skills/folder");
    assert!(other
        .follow_up
        .as_deref()
        .unwrap()
        .ends_with(&format!("At {}.\n", dir.display())));
    assert_eq!(
        other.structured.as_ref().unwrap()["model"],
        json!("claude-haiku-5-5")
    );
    // `inherit` names no model.
    assert!(call("inh")
        .structured
        .as_ref()
        .unwrap()
        .get("model")
        .is_none());
    // No name at all.
    assert_eq!(tool.unknown(""), "Invalid skill format: ".to_string());
    let of = |n: &str| skills.iter().find(|s| s.name == n).unwrap();
    assert!(model_only(of("inh")));
    assert!(!model_only(of("dup")));
}

/// fuzz-m/fm_075, probes w1-w4: the offer to add a rule needs the local settings; a
/// command granting tools is asked about as a skill; one that forks or grants tools runs
/// alone.
#[test]
fn questions_about_skills_and_commands() {
    let ws = tempfile::tempdir().unwrap();
    let dir = ws.path().join(".claude/skills/lint");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("SKILL.md"),
        "---\nname: lint\ndescription: L\nallowed-tools: Bash\n---\nLINT\n",
    )
    .unwrap();
    let list = SkillList::new(discover(&[ws.path().join(".claude/skills")]));
    let cmd = super::super::commands::parse(
        "reader",
        "---\nallowed-tools: Read\n---\nRead $1 for me.\n",
        &super::super::commands::Scope::Project,
    );
    list.set_commands(&[cmd]);
    let ctx = PermissionContext::new(ws.path(), oxagent_core::PermissionMode::Default);
    let message =
        |tool: &SkillTool, name: &str| match tool.check_permission(&json!({"skill": name}), &ctx) {
            ToolPermission::Ask { message, .. } => message,
            other => panic!("{other:?}"),
        };
    let with_local = SkillTool::new(list.clone());
    assert_eq!(
        message(&with_local, "reader"),
        "Execute skill: reader. The user can add the allow rule Skill(reader) to .claude/settings.local.json to let it run without asking."
    );
    let without = SkillTool::new(list).with_local_settings(false);
    assert_eq!(message(&without, "lint"), "Execute skill: lint");
    assert_eq!(
        without
            .describe_call(&json!({"skill": "reader"}))
            .as_deref(),
        Some("Read $1 for me.")
    );
    assert!(!without.is_read_only(&json!({"skill": "lint"})));
    assert!(without.is_read_only(&json!({"skill": "nope"})));
}

/// fuzz-m/fm_125: a skill under the user's folder comes from the user's settings.
#[test]
fn a_user_skill_is_the_users() {
    let home = tempfile::tempdir().unwrap();
    let ws = tempfile::tempdir().unwrap();
    for root in [home.path(), ws.path()] {
        let dir = root
            .join(".claude/skills")
            .join(if root == home.path() { "u" } else { "p" });
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("SKILL.md"), "---\ndescription: d\n---\nB\n").unwrap();
    }
    let roots = skill_roots(ws.path(), Some(home.path()), None);
    let found = discover_all(&roots, &[], Some(home.path()));
    let source = |n: &str| {
        found
            .iter()
            .find(|s| s.name == n)
            .unwrap()
            .source()
            .to_string()
    };
    assert_eq!(source("u"), "userSettings");
    assert_eq!(source("p"), "projectSettings");
}

#[test]
fn a_forked_skill_says_so_in_its_front_matter() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        std::fs::create_dir_all(dir.path().join(name)).unwrap();
        std::fs::write(dir.path().join(name).join("SKILL.md"), text).unwrap();
    };
    write("sum", "---\ndescription: d\ncontext: fork\n---\nBody\n");
    write("look", "---\ncontext: fork\nagent: Explore\n---\nBody\n");
    write("plain", "---\ndescription: d\n---\nBody\n");
    let found = discover(&[dir.path().to_path_buf()]);
    let of = |n: &str| found.iter().find(|s| s.name == n).unwrap();
    assert!(of("sum").fork && of("sum").agent.is_none());
    assert_eq!(of("look").agent.as_deref(), Some("Explore"));
    assert!(!of("plain").fork);
}

#[test]
fn arguments_are_substituted_or_appended() {
    let skill = SkillInfo {
        name: "s".into(),
        description: String::new(),
        dir: PathBuf::from("/p/.claude/skills/s"),
        allowed_tools: vec![],
        model: None,
        hooks: false,
        user_only: false,
        fork: false,
        agent: None,
        declared: None,
        command: None,
        user: false,
    };
    assert_eq!(
        instructions(&skill, "Do $ARGUMENTS now.\n", Some("it"), Bangs::Kept).unwrap(),
        "Base directory for this skill: /p/.claude/skills/s\n\nDo it now.\n"
    );
    assert_eq!(
        instructions(&skill, "Do things.\n", Some("fast"), Bangs::Kept).unwrap(),
        "Base directory for this skill: /p/.claude/skills/s\n\nDo things.\n\n\nARGUMENTS: fast"
    );
}
