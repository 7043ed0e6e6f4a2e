extension TokenShape {
    /// The credentials of widely used services that carry a fixed prefix, one entry per prefix and layout.
    ///
    /// The prefixes, character sets and lengths come from the default rule sets of the open-source secret
    /// scanners: gitleaks first, then TruffleHog's detectors, Nosey Parker's rules and SonarSource's secrets
    /// rules for the services gitleaks has no prefixed rule for, or whose gitleaks class no ``CharacterClass`` holds.
    /// Rules that cannot start with a literal anchor (keyword-only rules, rules that open with a run) are left
    /// out. A class with no exact counterpart takes the nearest wider one, except that `=`, which no class
    /// holds, is left out of a run; trailing `=` padding is left outside the match, and a run the rule leaves
    /// without upper bound stops at `openEnded`.
    ///
    /// Each entry is tested with a sample made from its segments and a near miss.
    static let providers: [TokenShape] = ([
        gitHub, gitLab, slack, stripe, openAI, anthropic, google, aws, atlassian, doppler, vault, grafana,
        newRelic, sentry, square, flyIO, planetScale, yandex, webhooks, others,
    ] as [[TokenShape]]).flatMap { $0 }

    /// The upper bound of a run whose rule sets none (`+`, `*`, `{n,}`).
    private static let openEnded = 4_096

    /// One shape per prefix, all with the same body.
    private static func prefixed(_ kinds: KeyValuePairs<String, String>, _ body: [Segment]) -> [TokenShape] {
        kinds.map { prefix, name in TokenShape(name, [.literal(prefix)] + body) }
    }

    /// Groups of 8, 4, 4, 4 and 12 characters of one class, joined by `-`, as in a UUID.
    private static func uuid(_ characters: CharacterClass) -> [Segment] {
        [
            .run(characters, 8...8), .literal("-"), .run(characters, 4...4), .literal("-"),
            .run(characters, 4...4), .literal("-"), .run(characters, 4...4), .literal("-"),
            .run(characters, 12...12),
        ]
    }

    private static let gitHub: [TokenShape] =
        prefixed(
            [
                "ghp_": "GitHub personal access token",
                "gho_": "GitHub OAuth access token",
                "ghu_": "GitHub user-to-server token",
                "ghs_": "GitHub server-to-server token",
                "ghr_": "GitHub refresh token",
            ],
            [.run(.alphanumeric, 36...36)]
        )
        + [TokenShape("GitHub fine-grained personal access token", [.literal("github_pat_"), .run(.word, 82...82)])]

    private static let gitLab: [TokenShape] =
        prefixed(
            [
                "glpat-": "GitLab personal access token",
                "gldt-": "GitLab deploy token",
                "glffct-": "GitLab feature flag client token",
                "glft-": "GitLab feed token",
                "glrt-": "GitLab runner authentication token",
                "glsoat-": "GitLab SCIM token",
                "GR1348941": "GitLab runner registration token",
            ],
            [.run(.base64URL, 20...20)]
        )
        + [
            TokenShape(
                "GitLab routable personal access token",
                [.literal("glpat-"), .run(.base64URL, 27...300), .literal("."), .run(.lowerAlphanumeric, 9...9)]
            ),
            TokenShape(
                "GitLab routable runner authentication token",
                [
                    .literal("glrt-t"), .run(.digits, 1...1), .literal("_"), .run(.base64URL, 27...300),
                    .literal("."), .run(.lowerAlphanumeric, 9...9),
                ]
            ),
            TokenShape(
                "GitLab CI/CD job token",
                [.literal("glcbt-"), .run(.alphanumeric, 1...5), .literal("_"), .run(.base64URL, 20...20)]
            ),
            TokenShape("GitLab incoming mail token", [.literal("glimt-"), .run(.base64URL, 25...25)]),
            TokenShape("GitLab Kubernetes agent token", [.literal("glagent-"), .run(.base64URL, 50...50)]),
            TokenShape("GitLab OAuth application secret", [.literal("gloas-"), .run(.base64URL, 64...64)]),
            TokenShape("GitLab pipeline trigger token", [.literal("glptt-"), .run(.lowerHex, 40...40)]),
            TokenShape("GitLab session cookie", [.literal("_gitlab_session="), .run(.lowerAlphanumeric, 32...32)]),
        ]

    private static let slack: [TokenShape] = {
        var shapes: [TokenShape] = [
            TokenShape(
                "Slack bot token",
                [
                    .literal("xoxb-"), .run(.digits, 10...13), .literal("-"), .run(.digits, 10...13),
                    .run(.base64URL, 0...openEnded),
                ]
            ),
            TokenShape(
                "Slack legacy bot token",
                [.literal("xoxb-"), .run(.digits, 8...14), .literal("-"), .run(.alphanumeric, 18...26)]
            ),
            TokenShape(
                "Slack app-level token",
                [
                    .literal("xapp-"), .run(.digits, 1...1), .literal("-"), .run(.alphanumeric, 1...openEnded),
                    .literal("-"), .run(.digits, 1...openEnded), .literal("-"), .run(.alphanumeric, 1...openEnded),
                ]
            ),
            TokenShape(
                "Slack configuration refresh token",
                [.literal("xoxe-"), .run(.digits, 1...1), .literal("-"), .run(.alphanumeric, 146...146)]
            ),
        ]
        shapes += prefixed(
            [
                "xoxe.xoxb-": "Slack configuration bot access token",
                "xoxe.xoxp-": "Slack configuration user access token",
            ],
            [.run(.digits, 1...1), .literal("-"), .run(.alphanumeric, 163...166)]
        )
        shapes += prefixed(
            ["xoxp-": "Slack user token", "xoxe-": "Slack user refresh token"],
            [
                .run(.digits, 10...13), .literal("-"), .run(.digits, 10...13), .literal("-"),
                .run(.digits, 10...13), .literal("-"), .run(.base64URL, 28...34),
            ]
        )
        shapes += prefixed(
            ["xoxa-": "Slack workspace access token", "xoxr-": "Slack workspace refresh token"],
            [.run(.alphanumeric, 8...48)]
        )
        shapes += prefixed(
            [
                "xoxa-": "Slack numbered workspace access token",
                "xoxr-": "Slack numbered workspace refresh token",
            ],
            [.run(.digits, 1...1), .literal("-"), .run(.alphanumeric, 8...48)]
        )
        shapes += prefixed(
            ["xoxo-": "Slack legacy token", "xoxs-": "Slack legacy session token"],
            [
                .run(.digits, 1...openEnded), .literal("-"), .run(.digits, 1...openEnded), .literal("-"),
                .run(.digits, 1...openEnded), .literal("-"), .run(.hex, 1...openEnded),
            ]
        )
        shapes += prefixed(
            [
                "hooks.slack.com/services/": "Slack incoming webhook URL",
                "hooks.slack.com/workflows/": "Slack workflow webhook URL",
                "hooks.slack.com/triggers/": "Slack trigger webhook URL",
            ],
            [.run(.base64, 43...56)]
        )
        return shapes
    }()

    private static let stripe: [TokenShape] =
        prefixed(
            [
                "sk_live_": "Stripe live secret key",
                "sk_test_": "Stripe test secret key",
                "sk_prod_": "Stripe production secret key",
                "rk_live_": "Stripe live restricted key",
                "rk_test_": "Stripe test restricted key",
                "rk_prod_": "Stripe production restricted key",
            ],
            [.run(.alphanumeric, 10...99)]
        )
        + [TokenShape("Stripe webhook signing secret", [.literal("whsec_"), .run(.alphanumeric, 32...64)])]

    private static let openAI: [TokenShape] = {
        let kinds: KeyValuePairs<String, String> = [
            "sk-proj-": "OpenAI project API key",
            "sk-svcacct-": "OpenAI service account key",
            "sk-admin-": "OpenAI admin key",
        ]
        let layouts = [(58, 58), (58, 74), (74, 58), (74, 74)]
        var shapes: [TokenShape] = []
        for (prefix, kind) in kinds {
            for (head, tail) in layouts {
                shapes.append(
                    TokenShape(
                        "\(kind) (\(head) + \(tail))",
                        [
                            .literal(prefix), .run(.base64URL, head...head), .literal("T3BlbkFJ"),
                            .run(.base64URL, tail...tail),
                        ]
                    )
                )
            }
        }
        shapes.append(
            TokenShape(
                "OpenAI legacy API key",
                [.literal("sk-"), .run(.alphanumeric, 20...20), .literal("T3BlbkFJ"), .run(.alphanumeric, 20...20)]
            )
        )
        return shapes
    }()

    private static let anthropic: [TokenShape] = prefixed(
        ["sk-ant-api03-": "Anthropic API key", "sk-ant-admin01-": "Anthropic admin API key"],
        [.run(.base64URL, 93...93), .literal("AA")]
    )

    private static let google: [TokenShape] = [
        TokenShape("Google API key", [.literal("AIza"), .run(.base64URL, 35...35)]),
        TokenShape("Google OAuth access token", [.literal("ya29."), .run(.base64URL, 20...1_024)]),
        TokenShape("Google OAuth client secret", [.literal("GOCSPX-"), .run(.base64URL, 28...28)]),
    ]

    private static let aws: [TokenShape] =
        prefixed(
            [
                "AKIA": "AWS access key ID",
                "ASIA": "AWS temporary access key ID",
                "ABIA": "AWS STS service bearer token key ID",
                "ACCA": "AWS context-specific credential ID",
            ],
            [.run(.upperAlphanumeric, 16...16)]
        )
        + [
            TokenShape("AWS legacy access key ID", [.literal("A3T"), .run(.upperAlphanumeric, 17...17)]),
            TokenShape("AWS Bedrock long-term API key", [.literal("ABSK"), .run(.base64, 109...269)]),
        ]

    private static let atlassian: [TokenShape] = [
        TokenShape(
            "Atlassian API token",
            [.literal("ATATT3"), .run(.base64URL, 177...177), .literal("="), .run(.hex, 8...8)]
        ),
    ]

    private static let doppler: [TokenShape] =
        [TokenShape("Doppler personal token", [.literal("dp.pt."), .run(.alphanumeric, 43...43)])]
        + prefixed(
            [
                "dp.st.": "Doppler service token",
                "dp.sa.": "Doppler service account token",
                "dp.ct.": "Doppler CLI token",
                "dp.scim.": "Doppler SCIM token",
                "dp.audit.": "Doppler audit token",
            ],
            [.run(.alphanumeric, 40...44)]
        )
        + [
            TokenShape(
                "Doppler config-scoped service token",
                [.literal("dp.st."), .run(.base64URL, 2...35), .literal("."), .run(.alphanumeric, 40...44)]
            ),
        ]

    private static let vault: [TokenShape] = [
        TokenShape("HashiCorp Vault service token", [.literal("hvs."), .run(.base64URL, 90...120)]),
        TokenShape("HashiCorp Vault batch token", [.literal("hvb."), .run(.base64URL, 138...300)]),
    ]

    private static let grafana: [TokenShape] = [
        TokenShape("Grafana Cloud API token", [.literal("glc_"), .run(.base64, 32...400)]),
        TokenShape(
            "Grafana service account token",
            [.literal("glsa_"), .run(.alphanumeric, 32...32), .literal("_"), .run(.hex, 8...8)]
        ),
        TokenShape("Grafana API key", [.literal("eyJrIjoi"), .run(.alphanumeric, 70...400)]),
    ]

    private static let newRelic: [TokenShape] = [
        TokenShape("New Relic user API key", [.literal("NRAK-"), .run(.alphanumeric, 27...27)]),
        TokenShape("New Relic browser API token", [.literal("NRJS-"), .run(.hex, 19...19)]),
        TokenShape("New Relic insert key", [.literal("NRII-"), .run(.base64URL, 32...32)]),
        TokenShape("New Relic insights query key", [.literal("NRIQ-"), .run(.base64URL, 25...25)]),
    ]

    private static let sentry: [TokenShape] =
        [
            ("", "Sentry organization token"),
            ("=", "Sentry organization token (one padding character)"),
            ("==", "Sentry organization token (two padding characters)"),
        ].map { padding, name in
            TokenShape(
                name,
                [
                    .literal("sntrys_eyJpYXQiO"), .run(.base64, 36...416), .literal(padding + "_"),
                    .run(.base64, 43...43),
                ]
            )
        }
        + [TokenShape("Sentry user auth token", [.literal("sntryu_"), .run(.lowerHex, 64...64)])]

    private static let square: [TokenShape] =
        prefixed(
            ["sq0atp-": "Square access token", "EAAA": "Square OAuth access token"],
            [.run(.base64URL, 22...60)]
        )
        + [TokenShape("Square application secret", [.literal("sq0csp-"), .run(.base64URL, 43...43)])]

    private static let flyIO: [TokenShape] =
        [TokenShape("Fly.io organization token", [.literal("fo1_"), .run(.base64URL, 43...43)])]
        + prefixed(
            ["fm1a_": "Fly.io app macaroon", "fm1r_": "Fly.io read macaroon", "fm2_": "Fly.io macaroon token"],
            [.run(.base64, 100...openEnded)]
        )

    private static let planetScale: [TokenShape] = [
        TokenShape("PlanetScale API token", [.literal("pscale_tkn_"), .run(.word, 43...43)]),
        TokenShape("PlanetScale password", [.literal("pscale_pw_"), .run(.word, 43...43)]),
        TokenShape("PlanetScale OAuth token", [.literal("pscale_oauth_"), .run(.dottedBase64URL, 32...64)]),
    ]

    private static let yandex: [TokenShape] =
        prefixed(
            [
                "y0_": "Yandex OAuth token",
                "y1_": "Yandex OAuth token (y1)",
                "y2_": "Yandex OAuth token (y2)",
                "y3_": "Yandex OAuth token (y3)",
            ],
            [.run(.base64URL, 55...55)]
        )
        + [
            ("", "Yandex IAM token"),
            ("=", "Yandex IAM token (one padding character)"),
            ("==", "Yandex IAM token (two padding characters)"),
        ].map { padding, name in
            TokenShape(
                name,
                [
                    .literal("t1."), .run(.base64URL, 1...openEnded), .literal(padding + "."),
                    .run(.base64URL, 86...86),
                ]
            )
        }
        + [TokenShape("Yandex API key", [.literal("AQVN"), .run(.base64URL, 35...38)])]

    private static let webhooks: [TokenShape] = [
        TokenShape(
            "Discord webhook URL",
            [
                .literal("discord.com/api/webhooks/"), .run(.digits, 18...19), .literal("/"),
                .run(.base64URL, 68...68),
            ]
        ),
        TokenShape("Microsoft Teams incoming webhook URL", teamsWebhook),
    ]
        + [
            ("https://", "gems.contribsys.com", "Sidekiq gems credentials URL"),
            ("https://", "enterprise.contribsys.com", "Sidekiq Enterprise credentials URL"),
            ("http://", "gems.contribsys.com", "Sidekiq gems credentials URL (HTTP)"),
            ("http://", "enterprise.contribsys.com", "Sidekiq Enterprise credentials URL (HTTP)"),
        ].map { scheme, host, name in
            TokenShape(
                name,
                [.literal(scheme), .run(.hex, 8...8), .literal(":"), .run(.hex, 8...8), .literal("@" + host)]
            )
        }

    /// A tenant's host label, then GUIDs and a hex-like part, all in lowercase.
    private static let teamsWebhook: [Segment] = {
        var segments: [Segment] = [
            .literal("https://"), .run(.lowerAlphanumeric, 1...63), .literal(".webhook.office.com/webhookb2/"),
        ]
        segments += uuid(.lowerAlphanumeric)
        segments.append(.literal("@"))
        segments += uuid(.lowerAlphanumeric)
        segments += [.literal("/IncomingWebhook/"), .run(.lowerAlphanumeric, 32...32), .literal("/")]
        segments += uuid(.lowerAlphanumeric)
        return segments
    }()

    /// The other services, in alphabetical order.
    private static let others: [TokenShape] = [
        TokenShape(
            "1Password secret key",
            [
                .literal("A3-"), .run(.upperAlphanumeric, 6...6), .literal("-"), .run(.upperAlphanumeric, 11...11),
                .literal("-"), .run(.upperAlphanumeric, 5...5), .literal("-"), .run(.upperAlphanumeric, 5...5),
                .literal("-"), .run(.upperAlphanumeric, 5...5),
            ]
        ),
        TokenShape(
            "1Password secret key (split account part)",
            [
                .literal("A3-"), .run(.upperAlphanumeric, 6...6), .literal("-"), .run(.upperAlphanumeric, 6...6),
                .literal("-"), .run(.upperAlphanumeric, 5...5), .literal("-"), .run(.upperAlphanumeric, 5...5),
                .literal("-"), .run(.upperAlphanumeric, 5...5), .literal("-"), .run(.upperAlphanumeric, 5...5),
            ]
        ),
        TokenShape("1Password service account token", [.literal("ops_eyJ"), .run(.base64, 250...openEnded)]),
        TokenShape("Adafruit IO key", [.literal("aio_"), .run(.alphanumeric, 28...28)]),
        TokenShape("Adobe client secret", [.literal("p8e-"), .run(.alphanumeric, 32...32)]),
        TokenShape("Age secret key", [.literal("AGE-SECRET-KEY-1"), .run(.upperAlphanumeric, 58...58)]),
        TokenShape(
            "Airtable personal access token",
            [.literal("pat"), .run(.alphanumeric, 14...14), .literal("."), .run(.lowerHex, 64...64)]
        ),
        TokenShape("Alibaba Cloud access key ID", [.literal("LTAI"), .run(.alphanumeric, 20...20)]),
        TokenShape(
            "Brevo API key",
            [.literal("xkeysib-"), .run(.lowerHex, 64...64), .literal("-"), .run(.alphanumeric, 16...16)]
        ),
        TokenShape("ClickHouse Cloud API secret key", [.literal("4b1d"), .run(.alphanumeric, 38...38)]),
        TokenShape("Clojars deploy token", [.literal("CLOJARS_"), .run(.alphanumeric, 60...60)]),
        TokenShape(
            "Cloudflare origin CA key",
            [.literal("v1.0-"), .run(.lowerHex, 24...24), .literal("-"), .run(.lowerHex, 146...146)]
        ),
        TokenShape("Contentful personal access token", [.literal("CFPAT-"), .run(.base64URL, 43...43)]),
        TokenShape("crates.io API token", [.literal("cio"), .run(.alphanumeric, 32...32)]),
        TokenShape("Databricks personal access token", [.literal("dapi"), .run(.lowerHex, 32...32)]),
        TokenShape(
            "Defined Networking API token",
            [.literal("dnkey-"), .run(.base64URL, 26...26), .literal("-"), .run(.base64URL, 52...52)]
        ),
        TokenShape("Dependency-Track API key", [.literal("odt_"), .run(.alphanumeric, 32...255)]),
        TokenShape("Docker Hub personal access token", [.literal("dckr_pat_"), .run(.base64URL, 27...27)]),
        TokenShape("Docker Hub organization access token", [.literal("dckr_oat_"), .run(.base64URL, 32...32)]),
        TokenShape("Dropbox short-lived access token", [.literal("sl."), .run(.base64URL, 130...152)]),
        TokenShape("Duffel live access token", [.literal("duffel_live_"), .run(.base64URL, 43...43)]),
        TokenShape("Duffel test access token", [.literal("duffel_test_"), .run(.base64URL, 43...43)]),
        TokenShape(
            "Dynatrace API token",
            [.literal("dt0c01."), .run(.alphanumeric, 24...24), .literal("."), .run(.alphanumeric, 64...64)]
        ),
        TokenShape("EasyPost production API key", [.literal("EZAK"), .run(.alphanumeric, 54...54)]),
        TokenShape("EasyPost test API key", [.literal("EZTK"), .run(.alphanumeric, 54...54)]),
        TokenShape("Facebook page access token", [.literal("EAAM"), .run(.alphanumeric, 100...openEnded)]),
        TokenShape("Facebook app access token", [.literal("EAAC"), .run(.alphanumeric, 100...openEnded)]),
        TokenShape("Figma personal access token", [.literal("figd_"), .run(.base64URL, 40...40)]),
        TokenShape("Firecrawl API key", [.literal("fc-"), .run(.lowerHex, 32...32)]),
        TokenShape(
            "Flutterwave live secret key",
            [.literal("FLWSECK-"), .run(.lowerAlphanumeric, 32...32), .literal("-X")]
        ),
        TokenShape(
            "Flutterwave test secret key",
            [.literal("FLWSECK_TEST-"), .run(.alphanumeric, 32...32), .literal("-X")]
        ),
        TokenShape("Flutterwave test encryption key", [.literal("FLWSECK_TEST-"), .run(.alphanumeric, 12...12)]),
        TokenShape("Frame.io API token", [.literal("fio-u-"), .run(.base64URL, 64...64)]),
        TokenShape("Groq API key", [.literal("gsk_"), .run(.alphanumeric, 50...54)]),
        TokenShape(
            "Harness personal access token",
            [
                .literal("pat."), .run(.base64URL, 22...22), .literal("."), .run(.alphanumeric, 24...24),
                .literal("."), .run(.alphanumeric, 20...20),
            ]
        ),
        TokenShape(
            "Harness service account token",
            [
                .literal("sat."), .run(.base64URL, 22...22), .literal("."), .run(.alphanumeric, 24...24),
                .literal("."), .run(.alphanumeric, 20...20),
            ]
        ),
        TokenShape("Heroku API key", [.literal("HRKU-AA"), .run(.base64URL, 58...58)]),
        TokenShape("Hugging Face access token", [.literal("hf_"), .run(.alphanumeric, 34...34)]),
        TokenShape("Hugging Face organization API token", [.literal("api_org_"), .run(.alphanumeric, 34...34)]),
        TokenShape("Infracost API token", [.literal("ico-"), .run(.alphanumeric, 32...32)]),
        TokenShape("Intra42 client secret", [.literal("s-s4t2ud-"), .run(.hex, 64...64)]),
        TokenShape("Intra42 app client secret", [.literal("s-s4t2af-"), .run(.hex, 64...64)]),
        TokenShape("JFrog Artifactory API key", [.literal("AKCp"), .run(.alphanumeric, 69...69)]),
        TokenShape("JFrog Artifactory reference token", [.literal("cmVmd"), .run(.alphanumeric, 59...59)]),
        TokenShape("Jina API key", [.literal("jina_"), .run(.alphanumeric, 60...60)]),
        TokenShape("Linear API key", [.literal("lin_api_"), .run(.alphanumeric, 40...40)]),
        TokenShape("Lob live API key", [.literal("live_"), .run(.hex, 35...35)]),
        TokenShape("Lob test API key", [.literal("test_"), .run(.hex, 35...35)]),
        TokenShape("Mapbox secret access token", [.literal("sk.eyJ"), .run(.dottedBase64URL, 77...237)]),
        TokenShape(
            "Notion API token",
            [.literal("ntn_"), .run(.digits, 11...11), .run(.alphanumeric, 35...35)]
        ),
        TokenShape("Notion integration secret", [.literal("secret_"), .run(.alphanumeric, 43...43)]),
        TokenShape("npm access token", [.literal("npm_"), .run(.alphanumeric, 36...36)]),
        TokenShape("Octopus Deploy API key", [.literal("API-"), .run(.upperAlphanumeric, 26...26)]),
        TokenShape("Octopus Deploy long API key", [.literal("API-"), .run(.upperAlphanumeric, 29...34)]),
        TokenShape("OpenShift user token", [.literal("sha256~"), .run(.base64URL, 43...43)]),
        TokenShape("Perplexity API key", [.literal("pplx-"), .run(.alphanumeric, 48...48)]),
        TokenShape("Plaid sandbox access token", [.literal("access-sandbox-")] + uuid(.hex)),
        TokenShape("Plaid development access token", [.literal("access-development-")] + uuid(.hex)),
        TokenShape("Plaid production access token", [.literal("access-production-")] + uuid(.hex)),
        TokenShape(
            "Postman API key",
            [.literal("PMAK-"), .run(.hex, 24...24), .literal("-"), .run(.hex, 34...34)]
        ),
        TokenShape("Prefect API key", [.literal("pnu_"), .run(.alphanumeric, 36...36)]),
        TokenShape("Pulumi access token", [.literal("pul-"), .run(.lowerHex, 40...40)]),
        TokenShape("PyPI upload token", [.literal("pypi-AgEIcHlwaS5vcmc"), .run(.base64URL, 50...1_000)]),
        TokenShape("ReadMe API key", [.literal("rdme_"), .run(.lowerAlphanumeric, 70...70)]),
        TokenShape("Replicate API token", [.literal("r8_"), .run(.base64URL, 37...37)]),
        TokenShape("RubyGems API key", [.literal("rubygems_"), .run(.lowerHex, 48...48)]),
        TokenShape("Scalingo API token", [.literal("tk-us-"), .run(.base64URL, 48...48)]),
        TokenShape("Segment public API token", [.literal("sgp_"), .run(.alphanumeric, 64...64)]),
        TokenShape(
            "SendGrid API key",
            [.literal("SG."), .run(.base64URL, 20...24), .literal("."), .run(.base64URL, 39...50)]
        ),
        TokenShape("SettleMint application access token", [.literal("sm_aat_"), .run(.alphanumeric, 16...16)]),
        TokenShape("SettleMint personal access token", [.literal("sm_pat_"), .run(.alphanumeric, 16...16)]),
        TokenShape("SettleMint service access token", [.literal("sm_sat_"), .run(.alphanumeric, 16...16)]),
        TokenShape("Shippo live API token", [.literal("shippo_live_"), .run(.hex, 40...40)]),
        TokenShape("Shippo test API token", [.literal("shippo_test_"), .run(.hex, 40...40)]),
        TokenShape("Shopify access token", [.literal("shpat_"), .run(.hex, 32...32)]),
        TokenShape("Shopify custom app access token", [.literal("shpca_"), .run(.hex, 32...32)]),
        TokenShape("Shopify private app access token", [.literal("shppa_"), .run(.hex, 32...32)]),
        TokenShape("Shopify shared secret", [.literal("shpss_"), .run(.hex, 32...32)]),
        TokenShape("SonarQube user token", [.literal("squ_"), .run(.lowerHex, 40...40)]),
        TokenShape("SonarQube project analysis token", [.literal("sqp_"), .run(.lowerHex, 40...40)]),
        TokenShape("SonarQube global analysis token", [.literal("sqa_"), .run(.lowerHex, 40...40)]),
        TokenShape("Sourcegraph access token", [.literal("sgp_"), .run(.hex, 40...40)]),
        TokenShape("Sourcegraph local access token", [.literal("sgp_local_"), .run(.hex, 40...40)]),
        TokenShape(
            "Sourcegraph instance access token",
            [.literal("sgp_"), .run(.hex, 16...16), .literal("_"), .run(.hex, 40...40)]
        ),
        TokenShape(
            "StackHawk API key",
            [.literal("hawk."), .run(.base64URL, 20...20), .literal("."), .run(.base64URL, 20...20)]
        ),
        TokenShape("Supabase access token", [.literal("sbp_"), .run(.lowerAlphanumeric, 40...40)]),
        TokenShape("Tavily API key", [.literal("tvly-"), .run(.alphanumeric, 32...32)]),
        TokenShape(
            "Twitch stream key",
            [.literal("live_"), .run(.digits, 8...12), .literal("_"), .run(.alphanumeric, 30...36)]
        ),
        TokenShape("Twilio API key", [.literal("SK"), .run(.hex, 32...32)]),
        TokenShape(
            "Typeform personal access token",
            [.literal("tfp_"), .run(.base64URL, 44...44), .literal("_"), .run(.base64URL, 12...14)]
        ),
        TokenShape("xAI API key", [.literal("xai-"), .run(.word, 80...80)]),
    ]
}
